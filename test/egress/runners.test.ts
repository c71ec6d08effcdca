/**
 * The egress policy in the real runners against local targets on loopback. "Public" is simulated by allow-listing
 * 127.0.0.1; 127.0.0.2 (also loopback, routed to lo on Linux) stays denied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import { dnsCheck } from '../../src/domain/checks/dns.js'
import { icmpCheck } from '../../src/domain/checks/icmp.js'
import { tcpCheck } from '../../src/domain/checks/tcp.js'
import type { CheckType } from '../../src/domain/checks/enums.js'
import type { EgressPolicy } from '../../src/domain/egress.js'
import type { CheckRunSpec, RunContext, RunResult } from '../../src/runners/contract.js'
import { buildRunners } from '../../src/runners/index.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { startDnsTarget, type DnsTarget } from '../helpers/targets/dns.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { startTcpBanner, type TcpTarget } from '../helpers/targets/tcp.js'
import { hasPing } from '../helpers/ping.js'
import { runDoc } from '../helpers/run-spec.js'

const PUBLIC_ONLY: EgressPolicy = { policy: 'public-only', allow: [] }
const ALLOW_ONE: EgressPolicy = { policy: 'public-only', allow: ['127.0.0.1/32'] }
const ctx: RunContext = { location: 'local', now: () => Date.now() }
const noScripts: ScriptSandbox = {
  runSetup: () => Promise.reject(new Error('no scripts expected')),
  runTeardown: () => Promise.reject(new Error('no scripts expected')),
}
const runners = (egress?: EgressPolicy) => buildRunners({ sandbox: noScripts, ...(egress ? { egress } : {}) })
const egressError = (address: string, reason: string, from?: string) =>
  `Egress policy: ${address}${from ? ` (resolved from ${from})` : ''} is a ${reason} address; this installation allows public addresses only (EGRESS_POLICY=public-only)`

const spec = (checkType: CheckType, request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 'e1',
  checkName: 'egress',
  checkType,
  doc: runDoc(checkType, { request, degradedResponseTime: 10_000, maxResponseTime: 20_000, shouldFail: false, ...extra }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const normalizeWith = (def: { fields: { request?: { normalize?: unknown } } }) => def.fields.request?.normalize as (v: unknown) => Record<string, unknown>

function expectDenied(r: RunResult, message: string) {
  expect(r.status).toBe('failing')
  expect(r.errorKind).toBe('CONFIG')
  expect(r.networkError).toBe(false)
  expect(r.errorMessage).toContain(message)
}

let web: Target
let other: Target
let tcp: TcpTarget
let dns: DnsTarget
beforeAll(async () => {
  web = await startHttpTarget('127.0.0.1')
  other = await startHttpTarget('127.0.0.2')
  tcp = await startTcpBanner()
  dns = await startDnsTarget()
})
afterAll(async () => {
  await Promise.all([web.close(), other.close(), tcp.close(), dns.close()])
})

describe('egress policy: API and URL checks', () => {
  const api = (url: string) => spec('API', normalizeApiRequest({ url, method: 'GET' }))
  const urlCheck = (url: string) => spec('URL', { url, followRedirects: true, skipSSL: false, ipFamily: 'IPv4', assertions: [] })

  it.each(['API', 'URL'] as const)('%s: a loopback target is denied and sees no request', async (type) => {
    const before = web.hits
    const r = await runners(PUBLIC_ONLY)[type].run(type === 'API' ? api(`${web.url}/json`) : urlCheck(`${web.url}/json`), ctx)
    expectDenied(r, egressError('127.0.0.1', 'loopback'))
    expect(web.hits).toBe(before)
  })

  it('a name is checked after resolution: localhost is denied as the address it resolves to', async () => {
    const before = web.hits
    const r = await runners(PUBLIC_ONLY).API.run(api(`http://localhost:${web.port}/json`), ctx)
    expectDenied(r, egressError('127.0.0.1', 'loopback', 'localhost'))
    expect(web.hits).toBe(before)
  })

  it.each(['API', 'URL'] as const)('%s: an allow-listed address passes', async (type) => {
    const r = await runners(ALLOW_ONE)[type].run(type === 'API' ? api(`${web.url}/json`) : urlCheck(`${web.url}/json`), ctx)
    expect(r.errorMessage).toBeNull()
    expect(r.status).toBe('passing')
  })

  it('open (the default) changes nothing', async () => {
    const r = await runners().API.run(api(`${other.url}/json`), ctx)
    expect(r.status).toBe('passing')
  })

  it.each(['API', 'URL'] as const)('%s: a redirect from an allowed target to a denied address is stopped at the second hop', async (type) => {
    const [webBefore, otherBefore] = [web.hits, other.hits]
    const to = encodeURIComponent(`${other.url}/json`)
    const first = `${web.url}/redirect-to?url=${to}`
    const r = await runners(ALLOW_ONE)[type].run(type === 'API' ? api(first) : urlCheck(first), ctx)
    expectDenied(r, egressError('127.0.0.2', 'loopback'))
    expect(web.hits).toBe(webBefore + 1)
    expect(other.hits).toBe(otherBefore)
    expect(r.details.redirects).toHaveLength(1)
  })

  it('a redirect to a name that resolves to a denied address is stopped too', async () => {
    const [webBefore, otherBefore] = [web.hits, other.hits]
    const onlyOther: EgressPolicy = { policy: 'public-only', allow: ['127.0.0.2'] }
    const r = await runners(onlyOther).API.run(api(`${other.url}/redirect-to?url=${encodeURIComponent(`http://localhost:${web.port}/json`)}`), ctx)
    expectDenied(r, egressError('127.0.0.1', 'loopback', 'localhost'))
    expect(other.hits).toBe(otherBefore + 1)
    expect(web.hits).toBe(webBefore)
  })
})

describe('egress policy: TCP checks', () => {
  const tcpSpec = (hostname: string, extra: Record<string, unknown> = {}) => spec('TCP', normalizeWith(tcpCheck)({ hostname, port: tcp.port }), extra)

  it('denies a loopback target, also with shouldFail (a denial is not a refused connection)', async () => {
    expectDenied(await runners(PUBLIC_ONLY).TCP.run(tcpSpec('127.0.0.1'), ctx), egressError('127.0.0.1', 'loopback'))
    expectDenied(await runners(PUBLIC_ONLY).TCP.run(tcpSpec('localhost'), ctx), egressError('127.0.0.1', 'loopback', 'localhost'))
    expectDenied(await runners(PUBLIC_ONLY).TCP.run(tcpSpec('127.0.0.1', { shouldFail: true }), ctx), 'Egress policy')
  })

  it('passes an allow-listed address', async () => {
    const r = await runners(ALLOW_ONE).TCP.run(tcpSpec('127.0.0.1'), ctx)
    expect(r.status).toBe('passing')
  })
})

describe('egress policy: DNS checks', () => {
  const dnsSpec = (nameServer: string) =>
    spec('DNS', normalizeWith(dnsCheck)({ query: 'example.test', recordType: 'A', nameServer, port: dns.port, protocol: 'UDP', assertions: [] }))

  it('denies a name server on loopback before sending a query', async () => {
    const before = dns.queries.udp
    const r = await runners(PUBLIC_ONLY).DNS.run(dnsSpec(`127.0.0.1:${dns.port}`), ctx)
    expectDenied(r, egressError('127.0.0.1', 'loopback'))
    expect(dns.queries.udp).toBe(before)
  })

  it('answers with private addresses are data, not connections: they pass from an allowed server', async () => {
    const r = await runners(ALLOW_ONE).DNS.run(dnsSpec(`127.0.0.1:${dns.port}`), ctx)
    expect(r.errorMessage).toBeNull()
    expect(r.status).toBe('passing')
  })
})

describe('egress policy: ICMP checks', () => {
  const icmpSpec = (hostname: string) => spec('ICMP', normalizeWith(icmpCheck)({ hostname, pingCount: 1 }), { degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 })

  it('denies a loopback host without running ping', async () => {
    // A ping that ran would fail as "not installed" (INTERNAL); the egress error proves it never started.
    const runner = buildRunners({ sandbox: noScripts, egress: PUBLIC_ONLY }).ICMP
    for (const [host, from] of [
      ['127.0.0.1', undefined],
      ['localhost', 'localhost'],
    ] as const) {
      const r = await runner.run({ ...icmpSpec(host) }, ctx)
      expectDenied(r, egressError('127.0.0.1', 'loopback', from))
      expect(r.jobLog.some((l) => l.includes('ping -n'))).toBe(false)
    }
  })

  it.skipIf(!hasPing)('pings the checked address, not the name', async () => {
    const r = await runners(ALLOW_ONE).ICMP.run(icmpSpec('localhost'), ctx)
    expect(r.jobLog[0]).toMatch(/ 127\.0\.0\.1$/)
    expect(r.status).toBe('passing')
  })
})
