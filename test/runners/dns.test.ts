import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dnsCheck } from '../../src/domain/checks/dns.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { dnsRunner, firstNameServer, parseNameServer } from '../../src/runners/dns.js'
import type { DnsJson } from '../../src/runners/dns-render.js'
import { runDoc } from '../helpers/run-spec.js'
import { startDnsTarget, type DnsTarget } from '../helpers/targets/dns.js'
import { freePort } from '../helpers/targets/tcp.js'

let server: DnsTarget
beforeAll(async () => {
  server = await startDnsTarget()
})
afterAll(async () => {
  await server.close()
})

const ctx: RunContext = { location: 'local', now: () => Date.now() }
// Generous: a local answer comes at once, and only a loaded machine comes near it.
const runner = dnsRunner({ timeoutMs: 10_000 })
const normalize = dnsCheck.fields.request?.normalize as (v: unknown) => unknown
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 'd1',
  checkName: 'dns',
  checkType: 'DNS',
  doc: runDoc('DNS', { request: normalize({ nameServer: `127.0.0.1:${server.port}`, ...request }), degradedResponseTime: 500, maxResponseTime: 1000, shouldFail: false, ...extra }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target = '', property = '') => ({ source, comparison, target, property })
const json = (r: { details: Record<string, unknown> }) => (r.details.response as { json: DnsJson }).json
const text = (r: { details: Record<string, unknown> }) => (r.details.response as { text: string }).text

const expectations: Array<[type: string, query: string, data: string[]]> = [
  ['A', 'example.test', ['192.0.2.10', '192.0.2.11']],
  ['AAAA', 'example.test', ['2001:db8::10']],
  ['CNAME', 'www.example.test', ['example.test.']],
  ['MX', 'example.test', ['10 mail.example.test.']],
  ['TXT', 'example.test', ['v=spf1 -all']],
  ['SOA', 'example.test', ['ns1.example.test. hostmaster.example.test. 2024010101 3600 600 86400 300']],
  ['NS', 'example.test', ['ns1.example.test.', 'ns2.example.test.']],
  ['HTTPS', 'example.test', ['1 . alpn="h2,h3" ipv4hint=192.0.2.10']],
]

describe.each(['UDP', 'TCP'] as const)('DNS runner over %s', (protocol) => {
  it.each(expectations)('answers %s %s', async (recordType, query, data) => {
    const before = { ...server.queries }
    const r = await runner.run(spec({ query, recordType, protocol, assertions: [as('RESPONSE_CODE', 'EQUALS', 'NOERROR'), as('JSON_ANSWER', 'NOT_EMPTY', '', '$.Answer')] }), ctx)
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    expect(
      json(r)
        .Answer.filter((a) => a.data !== 'example.test.' || recordType === 'CNAME')
        .map((a) => a.data),
    ).toEqual(expect.arrayContaining(data))
    expect(server.queries[protocol === 'UDP' ? 'udp' : 'tcp']).toBe(before[protocol === 'UDP' ? 'udp' : 'tcp'] + 1)
    expect(r.timingPhases.total).toBeGreaterThanOrEqual(0)
    expect(r.responseTime).toBe(r.timingPhases.total)
  })

  it('fails NXDOMAIN unless a RESPONSE_CODE assertion expects it', async () => {
    const nx = await runner.run(spec({ query: 'missing.example.test', recordType: 'A', protocol }), ctx)
    expect(nx).toMatchObject({ status: 'failing', errorKind: 'DNS', errorMessage: 'DNS response code NXDOMAIN' })
    expect(json(nx).Status).toBe(3)
    expect(json(nx).Authority?.[0]?.type).toBe(6)
    const expected = await runner.run(spec({ query: 'missing.example.test', recordType: 'A', protocol, assertions: [as('RESPONSE_CODE', 'EQUALS', 'NXDOMAIN')] }), ctx)
    expect(expected.status).toBe('passing')
  })
})

describe('DNS runner', () => {
  it('evaluates every DNS source', async () => {
    const r = await runner.run(
      spec({
        query: 'www.example.test',
        recordType: 'A',
        assertions: [
          as('RESPONSE_CODE', 'NOT_EQUALS', 'SERVFAIL'),
          as('RESPONSE_CODE', 'EQUALS', '0'),
          as('RESPONSE_TIME', 'LESS_THAN', '1000'),
          as('TEXT_ANSWER', 'CONTAINS', 'CNAME\texample.test.'),
          as('TEXT_ANSWER', 'EQUALS', '192.0.2.10', 'IN\\tA\\t([\\d.]+)'),
          as('JSON_ANSWER', 'EQUALS', '5', '$.Answer[0].type'),
          as('JSON_ANSWER', 'EQUALS', '300', '$.Answer[*].TTL'),
          as('JSON_ANSWER', 'EQUALS', '3', '$.Answer.length'),
          as('JSON_ANSWER', 'EQUALS', 'true', '$.RD'),
          as('JSON_ANSWER', 'EQUALS', 'www.example.test.', '$.Question[0].name'),
        ],
      }),
      ctx,
    )
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r.status).toBe('passing')
    expect(text(r)).toMatch(/status: NOERROR/)
    expect(text(r)).toMatch(/;; ANSWER SECTION:\nwww\.example\.test\.\t300\tIN\tCNAME\texample\.test\./)
  })

  it('fails SERVFAIL and failed assertions', async () => {
    expect((await runner.run(spec({ query: 'servfail.example.test', recordType: 'A' }), ctx)).errorMessage).toBe('DNS response code SERVFAIL')
    const r = await runner.run(spec({ query: 'example.test', recordType: 'A', assertions: [as('JSON_ANSWER', 'EQUALS', '10.0.0.1', '$.Answer[0].data')] }), ctx)
    expect(r.errorKind).toBe('ASSERTION')
  })

  it('is degraded or failing by response time', async () => {
    const s = spec({ query: 'example.test', recordType: 'A' }, { degradedResponseTime: 0, maxResponseTime: 100000 })
    expect((await runner.run(s, ctx)).status).toBe('degraded')
    expect((await runner.run({ ...s, doc: { ...s.doc, maxResponseTime: 0 } }, ctx)).errorKind).toBe('OVER_MAX_RESPONSE_TIME')
  })

  it('uses the port field when the name server has none', async () => {
    const r = await runner.run(spec({ query: 'example.test', recordType: 'A', nameServer: '127.0.0.1', port: server.port }), ctx)
    expect(r.status).toBe('passing')
    expect((r.details.request as { nameServer: string }).nameServer).toBe(`127.0.0.1:${server.port}`)
  })

  it('gives a custom name server no fallback', async () => {
    const r = await dnsRunner({ timeoutMs: 500, fallbackServers: ['127.0.0.1'] }).run(
      spec({ query: 'example.test', recordType: 'A', nameServer: `127.0.0.1:${await freePort()}` }),
      ctx,
    )
    expect(r.status).toBe('failing')
    expect(['NETWORK', 'TIMEOUT']).toContain(r.errorKind)
    expect(r.jobLog).toHaveLength(1)
  })

  it('defaults to the system resolver and falls back on error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'picket-dns-'))
    const conf = path.join(dir, 'resolv.conf')
    await writeFile(conf, '# test\nsearch local\nnameserver 127.0.0.1\nnameserver 127.0.0.2\n')
    const system = dnsRunner({ timeoutMs: 10_000, resolvConfPath: conf, fallbackServers: [] })
    const direct = await system.run(spec({ query: 'example.test', recordType: 'A', nameServer: '', port: server.port }), ctx)
    expect(direct.status).toBe('passing')
    await writeFile(conf, 'nameserver 127.0.0.2\n')
    const fallback = dnsRunner({ timeoutMs: 10_000, resolvConfPath: conf, fallbackServers: ['127.0.0.1'] })
    const r = await fallback.run(spec({ query: 'example.test', recordType: 'A', nameServer: null, port: server.port }), ctx)
    expect(r.status).toBe('passing')
    expect(r.jobLog).toHaveLength(2)
    expect(r.jobLog[0]).toContain(`127.0.0.2:${server.port}`)
    expect((r.details.request as { nameServer: string }).nameServer).toBe(`127.0.0.1:${server.port}`)
  })

  it('rejects an empty query as CONFIG', async () => {
    expect((await runner.run(spec({ query: ' ', recordType: 'A' }), ctx)).errorKind).toBe('CONFIG')
  })
})

describe('name server parsing', () => {
  it.each([
    ['8.8.8.8', { host: '8.8.8.8', port: 53 }],
    ['8.8.8.8:5353', { host: '8.8.8.8', port: 5353 }],
    ['dns.google:53', { host: 'dns.google', port: 53 }],
    ['::1', { host: '::1', port: 53 }],
    ['[2001:db8::1]:5300', { host: '2001:db8::1', port: 5300 }],
    ['a:b:c', null],
    ['host:99999', null],
  ])('%s', (value, expected) => {
    expect(parseNameServer(value, 53)).toEqual(expected)
  })

  it('reads the first nameserver of resolv.conf', () => {
    expect(firstNameServer('# x\nsearch a\nnameserver fe80::1%eth0\nnameserver 1.1.1.1\n')).toBe('fe80::1')
    expect(firstNameServer('search a\n')).toBeNull()
  })
})
