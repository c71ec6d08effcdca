/** Fill the nested defaults of alertSettings and retryStrategy (pure). */
import type { Doc } from './check-type.js'

const obj = (v: unknown): Doc => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {})

export function normalizeAlertSettings(value: unknown): Doc {
  const s = obj(value)
  const run = obj(s.runBasedEscalation)
  const time = obj(s.timeBasedEscalation)
  const rem = obj(s.reminders)
  const par = obj(s.parallelRunFailureThreshold)
  return {
    escalationType: s.escalationType ?? 'RUN_BASED',
    runBasedEscalation: { failedRunThreshold: run.failedRunThreshold ?? 1 },
    timeBasedEscalation: { minutesFailingThreshold: time.minutesFailingThreshold ?? 5 },
    reminders: { amount: rem.amount ?? 0, interval: rem.interval ?? 5 },
    parallelRunFailureThreshold: { enabled: par.enabled ?? false, percentage: par.percentage ?? 10 },
  }
}

export function normalizeRetryStrategy(value: unknown): Doc | null {
  if (value === null || value === undefined) return null
  const s = obj(value)
  const single = s.type === 'SINGLE_RETRY'
  return {
    type: s.type,
    baseBackoffSeconds: s.baseBackoffSeconds ?? 60,
    maxRetries: single ? 1 : (s.maxRetries ?? 2),
    maxDurationSeconds: single ? 600 : (s.maxDurationSeconds ?? 600),
    sameRegion: s.sameRegion ?? true,
    onlyOn: s.onlyOn ?? [],
  }
}
