/**
 * NUL characters (U+0000) in request input: PostgreSQL text cannot hold them, so a path id, query value or body
 * string with one would fail inside the store as a 500 (found by test/fuzz). No field of the API has a use for
 * them: a URL with %00 and a JSON body with a \u0000 in a string or key are refused up front with a 400 that says
 * where.
 */
import type { FastifyInstance } from 'fastify'
import { DomainError } from '../domain/errors.js'
import { findInJson, pathOf } from '../lib/json-walk.js'

const NUL = '\u0000'

/** The path (`a.b[2]`) of the first string or key holding a NUL, or null; without recursion (bodies may nest deep). */
export function nulPath(value: unknown): string | null {
  const hit = findInJson(value, (n) => (typeof n.key === 'string' && n.key.includes(NUL)) || (typeof n.value === 'string' && n.value.includes(NUL)))
  return hit ? pathOf(hit) : null
}

export function nulInBodyError(path: string): DomainError {
  const why = 'must not contain NUL characters (\\u0000)'
  return new DomainError(400, `Body field "${path}" ${why}`, { [path]: why })
}

/** Refuses URLs with %00 (or a raw NUL) before routing. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes(NUL)) {
      const why = 'must not contain NUL characters (%00)'
      throw new DomainError(400, `The request URL ${why}`, { url: why })
    }
  })
}
