/**
 * Every layer that can answer a request (Node's HTTP parser, Fastify's router and body parsers, hooks, routes
 * outside /v1, the docs) answers errors with exactly {statusCode, error, message, attributes} and never echoes a
 * long input back. Requests go over a real socket to a listening server: some of these never reach inject().
 */
import { STATUS_CODES } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { rawRequest, type RawResponse } from '../helpers/raw-http.js'
import { clientErrorBody } from '../../src/api/transport-errors.js'

const sqlite = testDbs[0]!
const LONG = 'x'.repeat(600)
const HUGE = 'q'.repeat(20_000)
const BODY_LIMIT = 2048
const CHECK_ID = '7d0e4a63-0000-4000-8000-000000000000'

type Headers = Record<string, string>
const http = (method: string, path: string, headers: Headers = {}, body?: string): string => {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: picket.test', 'Connection: close']
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`)
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`
}
const JSON_TYPE = { 'Content-Type': 'application/json' }

function expectErrorBody(res: RawResponse, status: number, ...inputs: string[]): Record<string, unknown> {
  expect(res.status, res.body).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  const body = JSON.parse(res.body) as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(['attributes', 'error', 'message', 'statusCode'])
  expect(body).toMatchObject({ statusCode: status, error: STATUS_CODES[status] })
  expect(typeof body.message).toBe('string')
  expect(body.attributes !== null && typeof body.attributes === 'object' && !Array.isArray(body.attributes)).toBe(true)
  for (const input of inputs) expect(res.body).not.toContain(input)
  return body
}

describe('error bodies from every layer, over a socket', () => {
  let t: TestApp
  let port = 0
  beforeAll(async () => {
    t = await startTestApp(sqlite, { http: { bodyLimitBytes: BODY_LIMIT } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  const auth = (): Headers => ({ Authorization: t.headers.authorization ?? '', 'X-Service-Account': t.headers['x-service-account'] ?? '' })

  const cases: Array<{ name: string; request: () => string; status: number; field?: string; echo?: string[] }> = [
    {
      name: 'path parameter over 500 characters (after authentication: 400 naming it)',
      request: () => http('GET', `/v1/checks/${LONG}`, auth()),
      status: 400,
      field: 'id',
      echo: [LONG],
    },
    { name: 'path parameter over 500 characters without credentials', request: () => http('GET', `/v1/checks/${LONG}`), status: 401, echo: [LONG] },
    { name: 'variable key over 500 characters', request: () => http('GET', `/v1/variables/${LONG}`, auth()), status: 400, field: 'key', echo: [LONG] },
    { name: 'unbounded id (alert channel) over 500 characters', request: () => http('GET', `/v1/alert-channels/${LONG}`, auth()), status: 404, echo: [LONG] },
    { name: 'query string over 16 KB', request: () => http('GET', `/v1/checks?search=${HUGE}`, auth()), status: 431, field: 'headers', echo: [HUGE.slice(0, 1000)] },
    { name: 'header over 16 KB', request: () => http('GET', '/v1/checks', { ...auth(), 'X-Padding': HUGE }), status: 431, echo: [HUGE.slice(0, 1000)] },
    { name: 'unknown method', request: () => http('BREW', '/v1/checks', auth()), status: 400 },
    { name: 'header name with a space', request: () => http('GET', '/v1/checks', { ...auth(), 'Bad Header': 'x' }), status: 400 },
    {
      name: 'Content-Length with Transfer-Encoding',
      request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE, 'Transfer-Encoding': 'chunked' }, '{}'),
      status: 400,
    },
    { name: 'Expect other than 100-continue', request: () => http('GET', '/v1/checks', { ...auth(), Expect: 'teapot' }), status: 417, field: 'expect' },
    { name: 'malformed percent-encoding in a path parameter', request: () => http('GET', '/v1/checks/%E0%A4%A', auth()), status: 400, field: 'url' },
    { name: 'unknown route, long path', request: () => http('GET', `/${LONG}`), status: 404, echo: [LONG] },
    { name: 'unknown /v1 route', request: () => http('GET', '/v1/nothing-here', auth()), status: 404 },
    { name: 'method without a route', request: () => http('PATCH', '/v1/checks', auth()), status: 404 },
    {
      name: 'body over the size limit',
      request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, JSON.stringify({ name: 'y'.repeat(BODY_LIMIT + 100) })),
      status: 413,
      field: 'body',
      echo: ['y'.repeat(200)],
    },
    { name: 'body that is not JSON', request: () => http('POST', '/v1/checks/api', { ...auth(), 'Content-Type': 'text/plain' }, 'name=a'), status: 415, field: 'content-type' },
    {
      name: 'invalid JSON',
      request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, `{"name": "${'z'.repeat(300)}",}`),
      status: 400,
      field: 'body',
      echo: ['z'.repeat(300)],
    },
    { name: 'empty JSON body', request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, ''), status: 400, field: 'body' },
    { name: 'JSON with __proto__', request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, '{"name":"a","__proto__":{"x":1}}'), status: 400, field: 'body' },
    {
      name: 'schema error in the body',
      request: () => http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, JSON.stringify({ name: LONG, request: { url: 'http://a.test' } })),
      status: 400,
      field: 'name',
      echo: [LONG],
    },
    { name: 'ping with PUT', request: () => http('PUT', '/ping/abcdefgh12345678'), status: 405, field: 'method' },
    { name: 'ping with an unknown token', request: () => http('GET', '/ping/abcdefgh12345678'), status: 404 },
    { name: 'ping token over 500 characters', request: () => http('GET', `/ping/${LONG}`), status: 400, field: 'token', echo: [LONG] },
    { name: 'trigger with a wrong token', request: () => http('GET', `/checks/${CHECK_ID}/trigger/${'t'.repeat(40)}`), status: 404, echo: ['t'.repeat(40)] },
    { name: 'trigger token over 500 characters', request: () => http('POST', `/checks/${CHECK_ID}/trigger/${LONG}`), status: 400, field: 'token', echo: [LONG] },
    { name: 'missing docs asset', request: () => http('GET', `/docs/static/${'n'.repeat(150)}.js`), status: 404, echo: ['n'.repeat(150)] },
    { name: 'docs asset name too long for the file system', request: () => http('GET', `/docs/static/${LONG}.js`), status: 403, echo: [LONG] },
    { name: 'docs asset outside its folder', request: () => http('GET', '/docs/static/..%2f..%2fpackage.json'), status: 404 },
    { name: 'invalid query value', request: () => http('GET', '/v1/checks?limit=1000', auth()), status: 400, field: 'limit' },
    { name: 'bad credentials', request: () => http('GET', '/v1/checks', { Authorization: `Bearer ${LONG}`, 'X-Service-Account': LONG }), status: 401, echo: [LONG] },
  ]

  it.each(cases)('$name → $status', async ({ request, status, field, echo }) => {
    const body = expectErrorBody(await rawRequest(port, request()), status, ...(echo ?? []))
    if (field) expect(Object.keys(body.attributes as object)).toContain(field)
  })

  it('says once what is wrong with a JSON body, and where', async () => {
    const res = await rawRequest(port, http('POST', '/v1/checks/api', { ...auth(), ...JSON_TYPE }, '{"name": "a",\n "request": }'))
    const body = expectErrorBody(res, 400)
    expect(body.message).toBe("Body is not valid JSON: unexpected '}', expected a value (object, array, string, number, true, false or null) at line 2, column 13 (position 26)")
    expect(body.attributes).toEqual({
      body: "is not valid JSON: unexpected '}', expected a value (object, array, string, number, true, false or null) at line 2, column 13 (position 26)",
    })
  })
})

describe('error bodies of the rate limit and of shutdown, over a socket', () => {
  let t: TestApp
  let port = 0
  let closing = false
  beforeAll(async () => {
    t = await startTestApp(sqlite, { rateLimit: { max: 1, windowMs: 60_000 }, http: { isShuttingDown: () => closing } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  it('answers 429 past the limit, then 503 while shutting down; probes keep answering', async () => {
    const headers = { Authorization: t.headers.authorization ?? '', 'X-Service-Account': t.headers['x-service-account'] ?? '' }
    expect((await rawRequest(port, http('GET', '/v1/checks', headers))).status).toBe(200)
    expectErrorBody(await rawRequest(port, http('GET', '/v1/checks', headers)), 429)
    closing = true
    const res = await rawRequest(port, http('GET', '/v1/checks', headers))
    expectErrorBody(res, 503)
    expect(res.headers.connection).toBe('close')
    expect((await rawRequest(port, http('GET', '/-/readiness'))).status).toBe(503)
    expect((await rawRequest(port, http('GET', '/-/liveness'))).status).toBe(200)
  })
})

describe("errors of Node's HTTP parser that a test cannot provoke without waiting", () => {
  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
    ['HPE_HEADER_OVERFLOW', 431],
    ['HPE_INVALID_CONSTANT', 400],
    [undefined, 400],
  ])('%s → %i', (code, status) => {
    const body = clientErrorBody(code)
    expect(Object.keys(body).sort()).toEqual(['attributes', 'error', 'message', 'statusCode'])
    expect(body).toMatchObject({ statusCode: status, error: STATUS_CODES[status] })
  })
})
