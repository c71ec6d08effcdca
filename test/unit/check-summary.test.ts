/** A dashboard's figures per check, folded from roll-ups and raw results together (pure). */
import { describe, expect, it } from 'vitest'
import { foldResults, applyDelta, type RollupInput } from '../../src/analytics/rollup.js'
import { summarizeChecks, type SummaryPoint } from '../../src/analytics/summary.js'

const input = (checkId: string, checkType: string, status: string, metrics: Record<string, number>, i: number): RollupInput => ({
  accountId: 'acc',
  checkId,
  checkType,
  location: 'us-east-1',
  statusCode: 200,
  status,
  attempt: 1,
  startedAt: Date.UTC(2026, 0, 5, 1) + i * 60_000,
  metrics,
})

describe('check summaries', () => {
  it('counts rolled-up and raw runs alike: degraded is available, failing is not; P95/P99 of the main timing', () => {
    const rolled = [
      ...[100, 200, 300, 400, 500, 600, 700, 800].map((ms, i) => input('api', 'API', i === 0 ? 'degraded' : 'passing', { responseTime: ms, dns: 1 }, i)),
      ...[10, 20].map((ms, i) => input('icmp', 'ICMP', 'passing', { packetLoss: 0, latencyAvg: ms, latencyMax: ms * 10 }, i)),
    ]
    const rows = [...foldResults(rolled).values()].map((d) => applyDelta(undefined, d)).filter((r) => r.level === 60)
    const raws: SummaryPoint[] = [
      { checkId: 'api', status: 'failing', metrics: { responseTime: 900 } },
      { checkId: 'api', status: 'passing', metrics: { responseTime: 1000 } },
      { checkId: 'other', status: 'passing', metrics: { responseTime: 5 } },
      { checkId: 'hb', status: 'failing', metrics: {} },
    ]
    const out = summarizeChecks(
      [
        { id: 'api', checkType: 'API' },
        { id: 'icmp', checkType: 'ICMP' },
        { id: 'hb', checkType: 'HEARTBEAT' },
        { id: 'none', checkType: 'URL' },
      ],
      rows,
      raws,
    )
    const api = out.get('api')
    expect(api).toMatchObject({ runs: 10, failures: 1, availability: 90 })
    expect(api?.p95).toBeGreaterThanOrEqual(990)
    expect(api?.p95).toBeLessThanOrEqual(1000)
    expect(api?.p99).toBe(api?.p95)
    expect(out.get('icmp')).toMatchObject({ runs: 2, failures: 0, availability: 100, p95: 20 })
    expect(out.get('hb')).toEqual({ runs: 1, failures: 1, availability: 0, p95: null, p99: null })
    expect(out.get('none')).toEqual({ runs: 0, failures: 0, availability: null, p95: null, p99: null })
    expect(out.has('other')).toBe(false)
  })

  it('rounds availability to two decimals', () => {
    const raws = Array.from({ length: 3 }, (_, i) => ({ checkId: 'a', status: i === 0 ? 'failing' : 'passing', metrics: { responseTime: 1 } }))
    expect(summarizeChecks([{ id: 'a', checkType: 'API' }], [], raws).get('a')?.availability).toBe(66.67)
  })
})
