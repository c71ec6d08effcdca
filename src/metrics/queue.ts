/** The run-job queue, read from the store on each scrape: jobs waiting and the age of the oldest, per location. */
import { Gauge, type Registry } from 'prom-client'
import type { RunJobStore } from '../store/engine/run-jobs.js'
import type { CollectFailures } from './collect-failures.js'
import { locationLabel } from './labels.js'
import { sharedSample } from './shared-sample.js'

export interface QueueGaugeDeps {
  jobs: Pick<RunJobStore, 'queueDepth'>
  now: () => number
  failures: CollectFailures
}

export function registerQueueGauges(registry: Registry, deps: QueueGaugeDeps): void {
  const sample = sharedSample(async () => {
    const now = deps.now()
    return { now, rows: await deps.jobs.queueDepth(now) }
  })
  const fill = async (set: (location: string, row: { queued: number; ageSeconds: number }) => void, gauge: Gauge<'location'>) => {
    gauge.reset()
    try {
      const { now, rows } = await sample()
      for (const r of rows) set(locationLabel({ location: r.location, privateLocation: r.private }), { queued: r.queued, ageSeconds: Math.max(0, now - r.oldestDueAt) / 1000 })
    } catch {
      deps.failures.failed('run_queue')
    }
  }
  new Gauge({
    name: 'picket_run_queue_jobs',
    help: 'Run jobs due and not yet started, by location (private locations together as "private"). The whole database\'s queue: every instance reports the same. At most 10,000 jobs of data-center and of private locations are counted, so a scrape stays cheap with any backlog.',
    labelNames: ['location'] as const,
    registers: [registry],
    async collect() {
      await fill((location, r) => this.set({ location }, r.queued), this)
    },
  })
  new Gauge({
    name: 'picket_run_queue_oldest_age_seconds',
    help: 'Seconds since the oldest run job waiting in the queue was due, by location.',
    labelNames: ['location'] as const,
    registers: [registry],
    async collect() {
      await fill((location, r) => this.set({ location }, r.ageSeconds), this)
    },
  })
}
