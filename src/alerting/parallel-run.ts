/**
 * Runs of a check as alerting counts them (pure). A check that runs in parallel in N ≥ 2 locations makes one run
 * per scheduled slot: the FINAL results with the same scheduled_at (and check session) are gathered until all N have
 * arrived, then combined into one run, so that a run failing in several locations counts once.
 * A slot still incomplete when a result of a newer slot arrives is evaluated with the results it has; results of a
 * slot older than the last evaluated one are ignored.
 */
import type { AlertState, Condition, PendingRun, RunSummary } from './state.js'

export interface LocationResult extends RunSummary {
  /** scheduled_at of the run (null: not scheduled, e.g. a heartbeat). */
  slot: number | null
  session: string | null
  /** Locations of the run (doc.parallelTotal; 1 for a round-robin run). */
  total: number
}

export interface Gathered {
  state: AlertState
  /** Runs ready for the state machine, oldest first. */
  runs: Array<{ results: RunSummary[]; total: number }>
  /** Why nothing is ready (for logs and tests). */
  note: string
}

const strip = (r: LocationResult): RunSummary => ({
  condition: r.condition,
  startedAt: r.startedAt,
  resultId: r.resultId,
  location: r.location,
  responseTime: r.responseTime,
  error: r.error,
  statusCode: r.statusCode,
})

/** Adds one FINAL result; returns the runs it completes. */
export function gatherResult(state: AlertState, r: LocationResult): Gathered {
  if (r.total < 2 || r.slot === null) {
    if (state.lastStartedAt !== null && r.startedAt < state.lastStartedAt) return { state, runs: [], note: 'older than the last evaluated run' }
    const single = { results: [strip(r)], total: 1 }
    // The check stopped running in parallel: what was gathered of its last parallel run is evaluated first.
    const { pending } = state
    if (pending) {
      const gathered = { results: pending.results, total: pending.total }
      return { state: { ...state, pending: null, lastSlot: pending.slot }, runs: [gathered, single], note: 'single run after a parallel one' }
    }
    return { state, runs: [single], note: 'single run' }
  }
  if (state.lastSlot !== null && r.slot <= state.lastSlot) return { state, runs: [], note: 'slot already evaluated' }
  const runs: Gathered['runs'] = []
  let pending: PendingRun | null = state.pending
  let lastSlot = state.lastSlot
  if (pending && (pending.slot !== r.slot || pending.session !== r.session)) {
    if (r.slot < pending.slot) return { state, runs: [], note: 'older than the slot being gathered' }
    runs.push({ results: pending.results, total: pending.total })
    lastSlot = pending.slot
    pending = null
  }
  const current: PendingRun = pending ?? { slot: r.slot, session: r.session, total: r.total, results: [] }
  const results = [...current.results, strip(r)]
  if (results.length >= current.total) {
    runs.push({ results, total: current.total })
    return { state: { ...state, pending: null, lastSlot: current.slot }, runs, note: 'parallel run complete' }
  }
  return { state: { ...state, pending: { ...current, results }, lastSlot }, runs, note: `waiting for ${current.total - results.length} more location(s)` }
}

const byStart = (a: RunSummary, b: RunSummary) => a.startedAt - b.startedAt

/**
 * One run from its location results. Without a parallel threshold a run fails when any location failed. With
 * `parallelRunFailureThreshold` enabled and ≥ 2 locations it fails only when at least `percentage` % of the locations
 * that reported failed; below that the failures are disregarded (the run is degraded if a location was, else passing).
 */
export function summarizeRun(results: RunSummary[], threshold: { enabled: boolean; percentage: number }): RunSummary {
  const sorted = [...results].sort(byStart)
  const first = sorted[0]
  if (!first) throw new Error('a run has at least one result')
  if (sorted.length === 1) return first
  const failing = sorted.filter((r) => r.condition === 'failing')
  const degraded = sorted.filter((r) => r.condition === 'degraded')
  const failsEnough = failing.length > 0 && (!threshold.enabled || failing.length * 100 >= threshold.percentage * sorted.length)
  const condition: Condition = failsEnough ? 'failing' : degraded.length > 0 ? 'degraded' : 'passing'
  const representative = (condition === 'failing' ? failing[0] : condition === 'degraded' ? degraded[0] : first) ?? first
  return { ...representative, condition, startedAt: first.startedAt }
}
