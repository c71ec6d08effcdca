/**
 * The agent's own figures and their Prometheus text exposition (format 0.0.4), written by hand: a few counters, two
 * gauges and one histogram do not need a client library.
 */

/** Bucket upper bounds of the queue-wait histogram, in seconds. */
export const QUEUE_WAIT_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600]

export interface AgentMetrics {
  jobRun(failed: boolean): void
  /** Seconds between the job's due time and its lease. */
  observeQueueWait(seconds: number): void
  setInFlight(n: number): void
  setOutboxSize(n: number): void
  snapshot(): MetricsSnapshot
}

export interface MetricsSnapshot {
  jobsRun: number
  jobsFailed: number
  inFlight: number
  outboxSize: number
  /** Cumulative counts per bucket bound, in QUEUE_WAIT_BUCKETS order. */
  queueWaitBuckets: number[]
  queueWaitSum: number
  queueWaitCount: number
}

/**
 * How long a leased job waited in the queue: from its due time (`dueAt`, sent by the service) to its lease, in
 * seconds, never below 0 (clocks differ). Undefined when the service sent no usable `dueAt` (older services):
 * nothing is observed then.
 */
export function queueWaitSeconds(dueAt: string | undefined, leasedAtMs: number): number | undefined {
  const due = dueAt === undefined ? Number.NaN : Date.parse(dueAt)
  return Number.isFinite(due) ? Math.max(0, (leasedAtMs - due) / 1000) : undefined
}

export function createAgentMetrics(): AgentMetrics {
  const s: MetricsSnapshot = { jobsRun: 0, jobsFailed: 0, inFlight: 0, outboxSize: 0, queueWaitBuckets: QUEUE_WAIT_BUCKETS.map(() => 0), queueWaitSum: 0, queueWaitCount: 0 }
  return {
    jobRun(failed) {
      s.jobsRun += 1
      if (failed) s.jobsFailed += 1
    },
    observeQueueWait(seconds) {
      const v = Math.max(0, seconds)
      QUEUE_WAIT_BUCKETS.forEach((bound, i) => {
        if (v <= bound) s.queueWaitBuckets[i] = (s.queueWaitBuckets[i] ?? 0) + 1
      })
      s.queueWaitSum += v
      s.queueWaitCount += 1
    },
    setInFlight(n) {
      s.inFlight = n
    },
    setOutboxSize(n) {
      s.outboxSize = n
    },
    snapshot: () => ({ ...s, queueWaitBuckets: [...s.queueWaitBuckets] }),
  }
}

const num = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1e6) / 1e6))

/** The Prometheus text exposition of a snapshot. */
export function renderMetrics(s: MetricsSnapshot): string {
  const lines: string[] = []
  const metric = (name: string, type: string, help: string, samples: Array<[string, number]>) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`)
    for (const [labels, value] of samples) lines.push(`${name}${labels} ${num(value)}`)
  }
  metric('picket_agent_jobs_run_total', 'counter', 'Jobs run by this agent.', [['', s.jobsRun]])
  metric('picket_agent_jobs_failed_total', 'counter', 'Jobs whose run failed (check failures and errors).', [['', s.jobsFailed]])
  metric('picket_agent_jobs_in_flight', 'gauge', 'Jobs running now.', [['', s.inFlight]])
  metric('picket_agent_outbox_size', 'gauge', 'Results waiting to be delivered to the service.', [['', s.outboxSize]])
  lines.push('# HELP picket_agent_queue_wait_seconds Time from a job being due to its lease by this agent.', '# TYPE picket_agent_queue_wait_seconds histogram')
  QUEUE_WAIT_BUCKETS.forEach((bound, i) => lines.push(`picket_agent_queue_wait_seconds_bucket{le="${num(bound)}"} ${s.queueWaitBuckets[i] ?? 0}`))
  lines.push(`picket_agent_queue_wait_seconds_bucket{le="+Inf"} ${s.queueWaitCount}`)
  lines.push(`picket_agent_queue_wait_seconds_sum ${num(s.queueWaitSum)}`, `picket_agent_queue_wait_seconds_count ${s.queueWaitCount}`)
  return `${lines.join('\n')}\n`
}
