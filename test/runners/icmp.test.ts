import { describe, expect, it } from 'vitest'
import { icmpCheck } from '../../src/domain/checks/icmp.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { icmpRunner } from '../../src/runners/icmp.js'
import type { PingReport } from '../../src/runners/ping-parse.js'
import { hasPing } from '../helpers/ping.js'
import { runDoc } from '../helpers/run-spec.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const runner = icmpRunner({ replyTimeoutSec: 2 })
const normalize = icmpCheck.fields.request?.normalize as (v: unknown) => unknown
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 'i1',
  checkName: 'icmp',
  checkType: 'ICMP',
  doc: runDoc('ICMP', {
    request: normalize({ hostname: '127.0.0.1', pingCount: 2, ...request }),
    degradedPacketLossThreshold: 10,
    maxPacketLossThreshold: 20,
    shouldFail: false,
    ...extra,
  }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target = '', property = '') => ({ source, comparison, target, property })

describe.skipIf(!hasPing)('ICMP runner against 127.0.0.1', () => {
  it('pings, parses and asserts on latency and the JSON response', async () => {
    const r = await runner.run(
      spec({
        assertions: [
          as('LATENCY', 'LESS_THAN', '1000', 'avg'),
          as('LATENCY', 'GREATER_THAN', '-1', 'min'),
          as('LATENCY', 'NOT_NULL', '', 'max'),
          as('LATENCY', 'NOT_EMPTY', '', 'stdDev'),
          as('JSON_RESPONSE', 'EQUALS', '0', '$.packetLoss'),
          as('JSON_RESPONSE', 'EQUALS', '2', '$.packetsReceived'),
          as('JSON_RESPONSE', 'EQUALS', 'true', '$.pingResults[*].success'),
          as('JSON_RESPONSE', 'EQUALS', '127.0.0.1', '$.resolvedIp'),
          as('JSON_RESPONSE', 'CONTAINS', '127', '$.hostname'),
          as('JSON_RESPONSE', 'IS_NULL', '', '$.missing'),
        ],
      }),
      ctx,
    )
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    const report = r.details.response as PingReport
    expect(report).toMatchObject({ packetsSent: 2, packetsReceived: 2, packetLoss: 0, ipFamily: 'IPv4', pingCount: 2 })
    for (const k of ['latencyAvg', 'latencyMin', 'latencyMax', 'latencyStdDev']) expect(r.timingPhases[k]).toBeGreaterThanOrEqual(0)
    expect(r.responseTime).toBe(report.latency.avg)
    expect(r.jobLog[0]).toBe('ping -n -c 2 -i 0.5 -W 2 -4 127.0.0.1')
  })

  it('fails a failed latency assertion', async () => {
    const r = await runner.run(spec({ pingCount: 1, assertions: [as('LATENCY', 'GREATER_THAN', '100000', 'avg')] }), ctx)
    expect(r.errorKind).toBe('ASSERTION')
  })

  it('pings ::1 over IPv6', async () => {
    const r = await runner.run(spec({ hostname: '::1', ipFamily: 'IPv6', pingCount: 1 }), ctx)
    if (r.errorKind === 'INTERNAL' || r.errorKind === 'NETWORK') return // no IPv6 loopback on this machine
    expect(r.status).toBe('passing')
    expect((r.details.response as PingReport).ipFamily).toBe('IPv6')
  })

  it('maps an unknown host to DNS', async () => {
    const r = await runner.run(spec({ hostname: 'picket-nx.invalid', pingCount: 1 }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'DNS' })
  })
})

describe('ICMP runner without ping', () => {
  it('fails with INTERNAL and a clear message when ping is missing', async () => {
    const r = await icmpRunner({ pingPath: '/nonexistent/ping' }).run(spec({}), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'INTERNAL', hasErrors: true })
    expect(r.errorMessage).toMatch(/not installed.*iputils-ping/)
  })

  it('refuses hostnames that look like options', async () => {
    expect((await runner.run(spec({ hostname: '-f' }), ctx)).errorKind).toBe('CONFIG')
  })
})
