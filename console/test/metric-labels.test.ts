import { describe, expect, it } from 'vitest'
import { groupMetrics, metricChoice } from '../src/pages/checks/check/metric-labels'

describe('metricChoice', () => {
  it.each([
    ['responseTime_p95', 'Response time', 'Response time p95', 'Response time'],
    ['dns_p50', 'DNS', 'DNS lookup p50', 'DNS lookup'],
    ['total_avg', 'Total', 'Total time average', 'Total time'],
    ['latencyAvg_max', 'Latency (avg)', 'Latency (avg) maximum', 'Latency (avg)'],
    ['consoleErrors_sum', 'Console errors', 'Console errors sum', 'Console errors'],
    ['availability', 'Availability', 'Availability', 'Outcomes'],
    ['retries', 'Retries', 'Retries', 'Outcomes'],
  ])('%s reads "%s" → %s', (name, serverLabel, label, group) => {
    expect(metricChoice(name, serverLabel)).toEqual({ name, label, group })
  })
})

describe('groupMetrics', () => {
  it('puts outcomes first, keeps the server order of timings and orders aggregations by what people read first', () => {
    const groups = groupMetrics([
      { name: 'responseTime_avg', label: 'Response time' },
      { name: 'responseTime_p95', label: 'Response time' },
      { name: 'responseTime_p50', label: 'Response time' },
      { name: 'dns_p99', label: 'DNS' },
      { name: 'availability', label: 'Availability' },
      { name: 'retries', label: 'Retries' },
    ])
    expect(groups.map((g) => [g.group, g.choices.map((c) => c.name)])).toEqual([
      ['Outcomes', ['availability', 'retries']],
      ['Response time', ['responseTime_p50', 'responseTime_p95', 'responseTime_avg']],
      ['DNS lookup', ['dns_p99']],
    ])
  })
})
