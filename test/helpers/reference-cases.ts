/**
 * Reference conformance as tables: each area lists its operations with a realistic request, runs them in order
 * through the real HTTP API (so a create feeds the get, update and delete after it), and every answer must carry
 * the status the case names, which the reference documents for that operation, with a body valid against the
 * reference's schema for that status.
 */
import { expect, it } from 'vitest'
import type { TestApp } from './app.js'
import { loadReferenceApi, type HttpMethod, type ReferenceApi } from './reference-schema.js'

type Json = Record<string, unknown>

/** What earlier cases of the same table saved, for the paths and bodies of later ones. */
export type CaseContext = Record<string, unknown>

export interface ReferenceCase<Fixtures> {
  /** The operation as the reference names it: method and path template. */
  method: HttpMethod
  path: string
  /** A few words on what the request is, when one operation has several cases. */
  name?: string
  /** The concrete URL (with query), from the fixtures and what earlier cases saved. */
  url: (fixtures: Fixtures, saved: CaseContext) => string
  body?: (fixtures: Fixtures, saved: CaseContext) => unknown
  /** Extra request headers (the account header is the test app's own). */
  headers?: Record<string, string>
  status: number
  /** Keeps values of the answer for later cases. */
  save?: (body: unknown, saved: CaseContext) => void
}

/** The operations a table covers, to check that the tables together cover the reference. */
export const operationsOf = <F>(cases: ReferenceCase<F>[]): string[] => cases.map((c) => `${c.method} ${c.path}`)

let reference: ReferenceApi | undefined
export const referenceApi = (): ReferenceApi => (reference ??= loadReferenceApi())

const parse = (raw: string): unknown => {
  if (raw === '') return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}

/**
 * Registers one test per case, run in order against the app and fixtures the getters return (they are set up in
 * the caller's beforeAll).
 */
export function itConformsToReference<F>(cases: ReferenceCase<F>[], app: () => TestApp, fixtures: () => F): void {
  const saved: CaseContext = {}
  for (const c of cases) {
    it(`${c.method} ${c.path}${c.name ? ` (${c.name})` : ''} answers ${c.status} in the reference's shape`, async () => {
      const api = referenceApi()
      const t = app()
      const body = c.body?.(fixtures(), saved)
      const url = c.url(fixtures(), saved)
      const res = await t.call(c.method, url, body, c.headers)
      // A 204 carries no content: where the reference types it as a string, the empty text is that string.
      const answer = res.statusCode === 204 ? res.body : parse(res.body)
      expect(res.statusCode, `${c.method} ${url}: ${res.body.slice(0, 800)}`).toBe(c.status)
      expect(api.documents(c.method, c.path, c.status), `the reference documents ${c.status} for ${c.method} ${c.path}`).toBe(true)
      expect(api.responseErrors(c.method, c.path, res.statusCode, answer), `${c.method} ${url}: ${res.body.slice(0, 800)}`).toEqual([])
      c.save?.(answer, saved)
    })
  }
}

/** The first list entry of a `{entries}` / bare-array / `{members}` answer, for saves. */
export const firstEntry = (body: unknown): Json => {
  if (Array.isArray(body)) return body[0] as Json
  const object = body as Json
  const list = (object.entries ?? object.members ?? object.data) as Json[] | undefined
  return (list ?? [])[0] ?? {}
}
