/**
 * Every operation of /openapi.json is sent malformed and random input through the real HTTP stack on both
 * databases: wrong types for each body field, random and broken JSON, odd path and query values, missing and wrong
 * credentials; and, exhaustively, the names of Object.prototype's members in every path segment, query value and
 * name, account header and body key. No answer may be a 5xx, every error answer uses the API's error body
 * ({ statusCode, error, message }), and no request may leave a property on Object.prototype. Seeded, so a failure names the seed and
 * the request that produced it and can be replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'
import { requestsFor, seeded, type FuzzOperation, type FuzzRequest } from './fuzz-inputs.js'
import { prototypeRequestsFor } from './prototype-inputs.js'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 14)

type Json = Record<string, unknown>

function operationsOf(doc: Json): FuzzOperation[] {
  const out: FuzzOperation[] = []
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const o = op as Json
      const params = (o.parameters ?? []) as Array<{ name: string; in: string; schema?: Json }>
      const content = ((o.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>
      out.push({ method: method.toUpperCase() as FuzzOperation['method'], path, params, bodySchema: content['application/json']?.schema ?? null })
    }
  }
  return out
}

/** API routes answer errors in the API's error body; the public pages among the routes (links in e-mails) answer HTML. */
const isApi = (path: string) => /^\/(v1|v2|agent)\//.test(path)

/** What is wrong with an answer, or null when it is acceptable. */
function problemOf(path: string, status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `answered ${status}`
  if (status < 400 || !isApi(path)) return null
  if (!contentType.includes('application/json')) return `error ${status} is not JSON (${contentType})`
  let json: Json
  try {
    json = JSON.parse(body) as Json
  } catch {
    return `error ${status} body does not parse`
  }
  if (json.statusCode !== status) return `error body statusCode ${String(json.statusCode)} differs from ${status}`
  if (typeof json.error !== 'string' || typeof json.message !== 'string') return 'error body lacks error or message'
  if (json.attributes !== undefined && (json.attributes === null || typeof json.attributes !== 'object')) return 'error body attributes is not an object'
  return null
}

describe.each(testDbs)('fuzzing every operation of /openapi.json on $name', (db) => {
  let t: TestApp
  let operations: FuzzOperation[] = []

  beforeAll(async () => {
    t = await startTestApp(db, { rateLimit: { max: 1_000_000, windowMs: 60_000 } })
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<Json>()
    operations = operationsOf(doc)
  })
  afterAll(() => t.close())

  /** Sends each request; returns the problems found, one line each. */
  async function problemsOf(op: FuzzOperation, requests: FuzzRequest[]): Promise<string[]> {
    const failures: string[] = []
    for (const req of requests) {
      const headers: Record<string, string> = { ...(req.auth === 'none' ? {} : t.headers), ...req.headers }
      if (req.auth === 'wrong-key') headers.authorization = 'Bearer cu_not-a-key'
      if (req.auth === 'other-account') headers['x-service-account'] = '00000000-0000-4000-8000-000000000000'
      const res = await t.app.inject({ method: req.method, url: req.url, headers, ...(req.payload === undefined ? {} : { payload: req.payload }) } as InjectOptions)
      const problem = problemOf(op.path, res.statusCode, String(res.headers['content-type'] ?? ''), res.body)
      if (problem) failures.push(`${req.method} ${req.url} [${req.what}] ${problem}: ${res.body.slice(0, 300)}`)
    }
    return failures
  }

  it('answers no malformed or random request with a 5xx, and every error in the API error body', async () => {
    expect(operations.length).toBeGreaterThan(100)
    const random = seeded(SEED)
    const failures: string[] = []
    let sent = 0
    for (const op of operations) {
      const requests = requestsFor(op, random, PER_OPERATION)
      failures.push(...(await problemsOf(op, requests)))
      sent += requests.length
    }
    expect(failures.slice(0, 25), `seed ${SEED}, ${sent} requests, ${failures.length} failures`).toEqual([])
    expect(sent).toBeGreaterThan(operations.length * (PER_OPERATION - 1))
  })

  it('answers the names of Object.prototype members in every path segment, query, header and body key with no 5xx', async () => {
    const created = async (url: string, body: unknown) => String((await t.call('POST', url, body)).json<{ id: string }>().id)
    const checkIds = [
      await created('/v1/checks/api?autoAssignAlerts=false', { name: 'API', activated: false, request: { url: 'http://127.0.0.1:9/' } }),
      await created('/v1/checks/heartbeat?autoAssignAlerts=false', { name: 'HB', script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' } }),
    ]
    const failures: string[] = []
    let sent = 0
    for (const op of operations) {
      // A delete would remove the checks the later operations read.
      for (const id of op.method === 'DELETE' ? ['1'] : checkIds) {
        const requests = prototypeRequestsFor(op, id)
        failures.push(...(await problemsOf(op, requests)))
        sent += requests.length
      }
    }
    expect(failures.slice(0, 60), `${sent} requests, ${failures.length} failures`).toEqual([])
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(sent).toBeGreaterThan(operations.length * 10)
  }, 300_000)
})
