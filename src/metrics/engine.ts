/** The engine's counters (metrics/… of EngineMetrics): runs due, started, late, skipped, finished and retried, and start delay. */
import { Counter, Histogram, type Registry } from 'prom-client'
import type { EngineMetrics, RunPlace } from '../engine/engine-deps.js'
import { locationLabel, runOutcome } from './labels.js'

/** A run that starts more than this after its due time counts as late. */
export const LATE_START_MS = 1_000

export const START_DELAY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300]

export function createEngineMetrics(registry: Registry, options: { lateStartMs?: number } = {}): EngineMetrics {
  const lateMs = options.lateStartMs ?? LATE_START_MS
  const placeLabels = ['location', 'check_type'] as const
  const counter = (name: string, help: string) => new Counter({ name, help, labelNames: placeLabels, registers: [registry] })
  const due = counter(
    'picket_runs_due_total',
    'Run jobs created by the scheduler of this instance (runs due), by location and check type; private locations together as "private".',
  )
  const started = counter('picket_runs_started_total', 'Runs started by the runners of this instance, by location and check type.')
  const late = counter('picket_runs_late_total', `Runs started more than ${lateMs / 1000} s after they were due, by location and check type.`)
  const retries = counter('picket_run_retries_total', 'Finished runs that are tried again (retry strategy or double check), by location and check type.')
  const finished = new Counter({
    name: 'picket_runs_finished_total',
    help: 'Run results stored by this instance, by location, check type and outcome (passing, degraded, failing, error).',
    labelNames: ['location', 'check_type', 'outcome'] as const,
    registers: [registry],
  })
  const delay = new Histogram({
    name: 'picket_run_start_delay_seconds',
    help: "Seconds from a run's due time (its schedule slot; a retry: the end of its backoff) to its start, by location.",
    labelNames: ['location'] as const,
    buckets: START_DELAY_BUCKETS,
    registers: [registry],
  })
  const skipped = new Counter({
    name: 'picket_runs_skipped_total',
    help: "Scheduled runs skipped because their check's next slot came due before they started (the runners were behind), by location; counted by the instance (or the agents' API) that skipped them.",
    labelNames: ['location'] as const,
    registers: [registry],
  })
  const labels = (place: RunPlace) => ({ location: locationLabel(place), check_type: place.checkType })

  return {
    runDue(place) {
      due.inc(labels(place))
    },
    runStarted(place, delayMs) {
      const l = labels(place)
      started.inc(l)
      if (delayMs > lateMs) late.inc(l)
      delay.observe({ location: l.location }, Math.max(0, delayMs) / 1000)
    },
    runSkipped(place) {
      skipped.inc({ location: locationLabel(place) })
    },
    runFinished(place, result, retry) {
      const l = labels(place)
      finished.inc({ ...l, outcome: runOutcome(result) })
      if (retry) retries.inc(l)
    },
  }
}
