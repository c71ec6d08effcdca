import { describe, expect, it } from 'vitest'
import { backoffCeiling, backoffDelay } from '../../src/agent/backoff.js'
import { createAgentMetrics, queueWaitSeconds, renderMetrics } from '../../src/agent/metrics.js'

describe('backoff schedule', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 16_000],
    [6, 32_000],
    [7, 60_000],
    [8, 60_000],
    [1000, 60_000],
    [0, 1000],
  ])('retry %i waits at most %i ms', (attempt, ceiling) => {
    expect(backoffCeiling(attempt)).toBe(ceiling)
  })

  it.each([
    [1, 0, 500],
    [1, 0.5, 750],
    [1, 0.999999, 1000],
    [3, 0, 2000],
    [3, 1, 4000],
    [20, 0.5, 45_000],
    [2, -1, 1000],
    [2, 7, 2000],
  ])('retry %i with random %d waits %i ms (half the ceiling plus jitter)', (attempt, random, delay) => {
    expect(backoffDelay(attempt, () => random)).toBe(delay)
  })

  it('takes another policy', () => {
    expect(backoffDelay(4, () => 1, { baseMs: 10, capMs: 50, factor: 3 })).toBe(50)
  })
})

describe('metrics exposition', () => {
  it('writes counters, gauges and a cumulative histogram in the Prometheus text format', () => {
    const m = createAgentMetrics()
    m.jobRun(false)
    m.jobRun(true)
    m.jobRun(false)
    m.setInFlight(2)
    m.setOutboxSize(1)
    m.observeQueueWait(0.3)
    m.observeQueueWait(7)
    m.observeQueueWait(1000)
    const text = renderMetrics(m.snapshot())
    expect(text.endsWith('\n')).toBe(true)
    const lines = text.trim().split('\n')
    for (const line of lines) expect(line).toMatch(/^(# (HELP|TYPE) [a-z_]+ .+|[a-z_]+(\{le="[^"]+"\})? \d+(\.\d+)?)$/)
    expect(lines).toContain('# TYPE picket_agent_jobs_run_total counter')
    expect(lines).toContain('picket_agent_jobs_run_total 3')
    expect(lines).toContain('picket_agent_jobs_failed_total 1')
    expect(lines).toContain('# TYPE picket_agent_jobs_in_flight gauge')
    expect(lines).toContain('picket_agent_jobs_in_flight 2')
    expect(lines).toContain('picket_agent_outbox_size 1')
    expect(lines).toContain('# TYPE picket_agent_queue_wait_seconds histogram')
    expect(lines).toContain('picket_agent_queue_wait_seconds_bucket{le="0.1"} 0')
    expect(lines).toContain('picket_agent_queue_wait_seconds_bucket{le="0.5"} 1')
    expect(lines).toContain('picket_agent_queue_wait_seconds_bucket{le="10"} 2')
    expect(lines).toContain('picket_agent_queue_wait_seconds_bucket{le="600"} 2')
    expect(lines).toContain('picket_agent_queue_wait_seconds_bucket{le="+Inf"} 3')
    expect(lines).toContain('picket_agent_queue_wait_seconds_sum 1007.3')
    expect(lines).toContain('picket_agent_queue_wait_seconds_count 3')
  })
})

describe('queue wait of a leased job', () => {
  const leasedAt = Date.parse('2025-01-01T00:01:00.000Z')
  it.each([
    ['due a minute before the lease', '2025-01-01T00:00:00.000Z', 60],
    ['due 250 ms before the lease', '2025-01-01T00:00:59.750Z', 0.25],
    ['due at the lease', '2025-01-01T00:01:00.000Z', 0],
    ['due after the lease (clocks differ): clamped at 0', '2025-01-01T00:01:05.000Z', 0],
    ['no dueAt (an older service): not observed', undefined, undefined],
    ['an unreadable dueAt: not observed', 'soon', undefined],
  ])('%s', (_name, dueAt, seconds) => {
    expect(queueWaitSeconds(dueAt, leasedAt)).toBe(seconds)
  })
})
