/**
 * Timing phases add up: for many runs against local targets, every phase is >= 0, the phases sum to `total`, the
 * response time is `total`, and `timings` are the phases' cumulative sums. Consistency only, never speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { performHttpRequest, type HttpExchange, type HttpRequestInput } from '../../src/runners/http-request.js'
import { apiRunner } from '../../src/runners/api.js'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import { tcpRunner } from '../../src/runners/tcp.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { runDoc } from '../helpers/run-spec.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { startHttpsTarget } from '../helpers/targets/https.js'
import { freePort, startTcpBanner, startTcpDrip, startTcpEcho, type TcpTarget } from '../helpers/targets/tcp.js'

const RUNS = 20
const EPSILON = 0.05
const HTTP_PHASES = ['redirect', 'wait', 'dns', 'tcp', 'tls', 'firstByte', 'download'] as const
const MARKS = ['redirectEnd', 'socket', 'lookup', 'connect', 'secureConnect', 'response', 'end'] as const

let http: Target
let https: Target
let echo: TcpTarget
let banner: TcpTarget
let drip: TcpTarget
beforeAll(async () => {
  ;[http, https, echo, banner, drip] = await Promise.all([startHttpTarget(), startHttpsTarget(), startTcpEcho(), startTcpBanner(), startTcpDrip()])
})
afterAll(async () => {
  await Promise.all([http.close(), https.close(), echo.close(), banner.close(), drip.close()])
})

const sum = (phases: Record<string, number>, names: readonly string[]) => names.reduce((s, n) => s + (phases[n] ?? NaN), 0)

/** The rules every HTTP exchange keeps, whatever happened. */
function expectConsistent(x: HttpExchange): void {
  const p = x.timingPhases
  for (const name of [...HTTP_PHASES, 'total']) expect(p[name], name).toBeGreaterThanOrEqual(0)
  expect(Math.abs(sum(p, HTTP_PHASES) - p.total)).toBeLessThanOrEqual(EPSILON)
  expect(x.responseTime).toBe(p.total)
  // Each phase is the difference of two consecutive timings; the last timing is the total.
  MARKS.forEach((mark, i) => {
    const before = i === 0 ? 0 : (x.timings[MARKS[i - 1] as string] ?? NaN)
    expect(Math.abs((x.timings[mark] ?? NaN) - before - (p[HTTP_PHASES[i] as string] ?? NaN)), mark).toBeLessThanOrEqual(EPSILON)
  })
  expect(Math.abs((x.timings.end ?? NaN) - p.total)).toBeLessThanOrEqual(EPSILON)
  // The redirect phase is the earlier hops, each of which adds up on its own.
  for (const r of x.redirects) {
    expect(Math.abs(sum(r.timingPhases, HTTP_PHASES.slice(1)) - (r.timingPhases.total ?? NaN))).toBeLessThanOrEqual(EPSILON)
  }
  const hops = x.redirects.reduce((s, r) => s + (r.timingPhases.total ?? NaN), 0)
  expect(Math.abs(hops - p.redirect)).toBeLessThanOrEqual(EPSILON)
  expect(p.redirect > 0).toBe(x.redirects.length > 0)
}

interface HttpCase {
  name: string
  request: () => Partial<HttpRequestInput> & { url: string }
  status: number | null
  redirects?: number
  /** The final request is over TLS: its handshake takes time. */
  tls: boolean
  /** The final host is a name that is looked up. */
  named?: boolean
  /** A phase the target's deliberate delay must land in (a lower bound from the target, not a speed limit). */
  delayIn?: { phase: string; atLeast: number }
  errorKind?: string
  /** Phases after the failure, which never began. */
  zero?: string[]
  runs?: number
}

const HTTP_CASES: HttpCase[] = [
  { name: 'plain HTTP to an IP address', request: () => ({ url: `${http.url}/json` }), status: 200, tls: false },
  { name: 'plain HTTP to a name', request: () => ({ url: `http://localhost:${http.port}/json` }), status: 200, tls: false, named: true },
  { name: 'HTTPS with a self-signed certificate', request: () => ({ url: `${https.url}/json`, skipSSL: true }), status: 200, tls: true },
  { name: 'HTTPS to a name', request: () => ({ url: `https://localhost:${https.port}/json`, skipSSL: true }), status: 200, tls: true, named: true },
  { name: 'a 2-hop redirect chain', request: () => ({ url: `${http.url}/redirect/2` }), status: 200, redirects: 2, tls: false },
  { name: 'a 2-hop redirect chain over HTTPS', request: () => ({ url: `${https.url}/redirect/2`, skipSSL: true }), status: 200, redirects: 2, tls: true },
  {
    name: 'a redirect from HTTP to HTTPS',
    request: () => ({ url: `${http.url}/redirect-to?url=${encodeURIComponent(`${https.url}/json`)}`, skipSSL: true }),
    status: 200,
    redirects: 1,
    tls: true,
  },
  { name: 'a slow first byte', request: () => ({ url: `${http.url}/slow?ms=100` }), status: 200, tls: false, delayIn: { phase: 'firstByte', atLeast: 90 }, runs: 10 },
  { name: 'a slow body', request: () => ({ url: `${http.url}/slow-body?ms=200` }), status: 200, tls: false, delayIn: { phase: 'download', atLeast: 100 }, runs: 10 },
  { name: 'a large body', request: () => ({ url: `${http.url}/large?bytes=${4 * 1024 * 1024}` }), status: 200, tls: false },
  {
    name: 'a large request body (sending is part of firstByte)',
    request: () => ({ url: `${http.url}/echo`, method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }),
    status: 200,
    tls: false,
  },
  { name: 'a refused connection', request: () => ({ url: `http://127.0.0.1:${refusedPort}/` }), status: null, tls: false, errorKind: 'NETWORK', zero: ['firstByte', 'download'] },
  {
    name: 'an untrusted certificate (the failure ends in tls)',
    request: () => ({ url: `${https.url}/json` }),
    status: null,
    tls: true,
    errorKind: 'TLS',
    zero: ['firstByte', 'download'],
  },
  {
    name: 'a timeout waiting for the first byte',
    request: () => ({ url: `${http.url}/slow?ms=5000`, timeoutMs: 100 }),
    status: null,
    tls: false,
    errorKind: 'TIMEOUT',
    zero: ['download'],
    runs: 5,
  },
]

let refusedPort = 0
beforeAll(async () => {
  refusedPort = await freePort()
})

describe('HTTP timing phases add up', () => {
  it.each(HTTP_CASES)('$name', async (c) => {
    for (let run = 0; run < (c.runs ?? RUNS); run++) {
      const x = await performHttpRequest({ method: 'GET', headers: { 'User-Agent': 'picket-test' }, ...c.request() })
      expect(x.error?.kind ?? null).toBe(c.errorKind ?? null)
      expect(x.response?.status ?? null).toBe(c.status)
      expect(x.redirects).toHaveLength(c.redirects ?? 0)
      expectConsistent(x)
      const p = x.timingPhases
      if (c.tls) expect(p.tls).toBeGreaterThan(0)
      else expect(p.tls).toBe(0)
      if (!c.named) expect(p.dns).toBe(0)
      if (c.delayIn) expect(p[c.delayIn.phase]).toBeGreaterThanOrEqual(c.delayIn.atLeast)
      if (!c.errorKind) expect(p.firstByte).toBeGreaterThan(0)
      for (const name of c.zero ?? []) expect(p[name], name).toBe(0)
    }
  })
})

describe('API check results keep the same rule', () => {
  const ctx: RunContext = { location: 'local', now: () => Date.now() }
  const noScripts = { runSetup: () => Promise.reject(new Error('none')), runTeardown: () => Promise.reject(new Error('none')) }
  const spec = (url: string): CheckRunSpec => ({
    checkId: 'c',
    checkName: 'api',
    checkType: 'API',
    variables: {},
    scripts: { setup: [], teardown: [] },
    doc: runDoc('API', { request: normalizeApiRequest({ url, skipSSL: true }), degradedResponseTime: 5000, maxResponseTime: 20000, shouldFail: false }),
  })

  it('the result, its response timings and its response time agree, through a redirect to HTTPS', async () => {
    const runner = apiRunner({ sandbox: noScripts })
    for (let run = 0; run < RUNS; run++) {
      const r = await runner.run(spec(`${http.url}/redirect-to?url=${encodeURIComponent(`${https.url}/redirect/1`)}`), ctx)
      expect(r.status).toBe('passing')
      const p = r.timingPhases
      expect(Math.abs(sum(p, HTTP_PHASES) - (p.total ?? NaN))).toBeLessThanOrEqual(EPSILON)
      expect(r.responseTime).toBe(p.total)
      const response = r.details.response as { timings: Record<string, number>; timingPhases: Record<string, number> }
      expect(response.timingPhases).toEqual(p)
      expect(response.timings.end).toBe(p.total)
      expect(response.timings.redirectEnd).toBe(p.redirect)
      expect(p.redirect).toBeGreaterThan(0)
      expect(p.tls).toBeGreaterThan(0)
    }
  })
})

describe('TCP timing phases add up', () => {
  const TCP_PHASES = ['dns', 'connection', 'data'] as const
  const ctx: RunContext = { location: 'local', now: () => Date.now() }
  const spec = (request: Record<string, unknown>): CheckRunSpec => ({
    checkId: 't',
    checkName: 'tcp',
    checkType: 'TCP',
    variables: {},
    scripts: { setup: [], teardown: [] },
    doc: runDoc('TCP', { request: { hostname: '127.0.0.1', ipFamily: 'IPv4', assertions: [], ...request }, degradedResponseTime: 3000, maxResponseTime: 5000, shouldFail: false }),
  })
  const reads = [{ source: 'RESPONSE_DATA', comparison: 'NOT_EMPTY', target: '', property: '' }]

  it.each([
    { name: 'send and read a reply', request: () => ({ port: echo.port, data: 'PING\n' }), errorKind: null, named: false },
    { name: 'read a banner from a name', request: () => ({ hostname: 'localhost', port: banner.port, assertions: reads }), errorKind: null, named: true },
    { name: 'connect only', request: () => ({ port: drip.port }), errorKind: null, named: false },
    { name: 'a refused connection', request: () => ({ port: refusedPort }), errorKind: 'NETWORK', named: false },
    {
      name: 'a timeout while reading (the data phase holds it)',
      request: () => ({ port: drip.port, assertions: reads }),
      errorKind: 'TIMEOUT',
      named: false,
      runs: 5,
      timeoutMs: 150,
    },
  ])('$name', async (c) => {
    const runner = tcpRunner({ timeoutMs: c.timeoutMs ?? 10_000, idleMs: 200 })
    for (let run = 0; run < (c.runs ?? RUNS); run++) {
      const r = await runner.run(spec(c.request()), ctx)
      expect(r.errorKind).toBe(c.errorKind)
      const p = r.timingPhases
      for (const name of [...TCP_PHASES, 'total']) expect(p[name], name).toBeGreaterThanOrEqual(0)
      expect(Math.abs(sum(p, TCP_PHASES) - (p.total ?? NaN))).toBeLessThanOrEqual(EPSILON)
      expect(r.responseTime).toBe(p.total)
      if (!c.named) expect(p.dns).toBe(0)
      if (c.errorKind === 'NETWORK') expect(p.data).toBe(0)
    }
  })
})
