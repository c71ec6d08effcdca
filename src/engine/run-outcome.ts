/**
 * What becomes of a finished run, wherever it ran (the built-in worker or a private-location agent): its artifacts
 * are stored (redacted), the retry decision is taken, and then, in one transaction per batch, the result rows are
 * written, retries go back to the queue (same private location), finished jobs leave it and latest statuses are
 * updated; the FINAL results then go to the final-results hooks (alerts, error groups), behind the writer. The
 * outcome of a run whose session cancelled it is dropped.
 */
import { decideRetry, effectiveStrategy, type RetryDecision, type RetryStrategy } from '../domain/schedule/retry-policy.js'
import type { Redactor } from '../domain/secrets/redact.js'
import { parseOverrides } from '../domain/runs/run-overrides.js'
import type { RunResult } from '../runners/contract.js'
import type { Stores } from '../store/all-stores.js'
import type { CheckRecord } from '../store/checks.js'
import type { CheckResultRow, RunJobRow } from '../store/run-rows.js'
import type { EngineDeps, RunPlace } from './engine-deps.js'
import { effectiveDoc } from './prepare.js'
import type { StoredCheckGroupDoc } from '../domain/groups/schema.js'
import { toResultRow } from './result-row.js'
import { storeArtifacts } from './store-artifacts.js'

/** Final results waiting for alert evaluation before the writer slows down to let it catch up. */
const HOOK_BACKLOG = 5_000

export interface Completed {
  job: RunJobRow
  checkType: string
  result: RunResult
  decision: RetryDecision
  retryLocation: string
  resultId: string
  redactor: Redactor | null
}

/** Where a job runs, for the engine's metrics. */
export const runPlace = (job: Pick<RunJobRow, 'location' | 'private_location_id'>, checkType: string | undefined): RunPlace => ({
  location: job.location,
  privateLocation: job.private_location_id !== null,
  checkType: checkType ?? 'UNKNOWN',
})

/** Stores the run's artifacts and decides whether it is retried (and where). */
export async function completeRun(
  deps: Pick<EngineDeps, 'artifacts' | 'log'>,
  input: { job: RunJobRow; check: CheckRecord; group: StoredCheckGroupDoc | undefined; result: RunResult; resultId: string; redactor: Redactor | null },
): Promise<Completed> {
  const { job, check, group, resultId, redactor } = input
  const result = await storeArtifacts(deps, { accountId: check.accountId, checkId: check.id, resultId }, input.result, redactor)
  const doc = effectiveDoc(check.checkType, check.doc, group)
  // A run started with its own retry strategy (or with none: null) takes it instead of the check's and its doubleCheck.
  const overrides = parseOverrides(job.overrides)
  const strategy =
    'retryStrategy' in overrides && check.checkType !== 'HEARTBEAT'
      ? (overrides.retryStrategy ?? null)
      : effectiveStrategy((doc.retryStrategy as RetryStrategy | null) ?? null, doc.doubleCheck === true, check.checkType)
  const elapsed = result.stoppedAt - (job.first_started_at ?? result.startedAt)
  const decision = decideRetry(strategy, { failed: result.status === 'failing', networkError: result.networkError }, job.attempt - 1, elapsed)
  const locations: string[] = (doc.locations ?? []).filter((l) => l !== job.location)
  const retryLocation =
    decision.sameLocation || job.private_location_id || locations.length === 0 ? job.location : (locations[Math.floor(Math.random() * locations.length)] as string)
  return { job: { ...job, first_started_at: job.first_started_at ?? result.startedAt }, checkType: check.checkType, result, decision, retryLocation, resultId, redactor }
}

/**
 * When a retry becomes due: its backoff after the end of the failed attempt, not after the batch that records it
 * was written. An agent reports the end by its own clock, so a time later than the service's is taken as now.
 */
export const retryDueAt = (c: Pick<Completed, 'result' | 'decision'>, now: number): number => Math.min(c.result.stoppedAt, now) + c.decision.delayMs

export interface OutcomeWriter {
  /**
   * Writes a batch of outcomes in one transaction (throws when it fails: the leases then expire and the runs run
   * again). `claim`, when given, is asked inside the transaction for each outcome; one it refuses is left out
   * entirely (its job untouched). Returns the outcomes written.
   */
  write(batch: Completed[], claim?: (s: Stores, c: Completed) => Promise<boolean>): Promise<Completed[]>
  /** Waits for the final-results hooks queued so far. */
  settle(): Promise<void>
}

export function createOutcomeWriter(deps: Pick<EngineDeps, 'transact' | 'clock' | 'log' | 'onFinalResults' | 'metrics'>): OutcomeWriter {
  let hookChain: Promise<void> = Promise.resolve()
  let hookBacklog = 0

  async function afterWrite(finals: CheckResultRow[]): Promise<void> {
    if (finals.length === 0 || !deps.onFinalResults) return
    // Alert evaluation runs behind the writer, in order, so a burst of failures never slows the recording of
    // runs; past a backlog of HOOK_BACKLOG results the writer waits for it (back-pressure).
    const hook = deps.onFinalResults
    hookBacklog += finals.length
    hookChain = hookChain
      .then(() => hook(finals))
      .catch((err: unknown) => deps.log.error({ err }, 'final-result hook failed'))
      .finally(() => {
        hookBacklog -= finals.length
      })
    if (hookBacklog > HOOK_BACKLOG) await hookChain
  }

  return {
    async write(input, claim) {
      if (input.length === 0) return []
      const now = deps.clock.now()
      const { batch, live, finals } = await deps.transact(async (s) => {
        const claimed: Completed[] = []
        for (const c of input) if (!claim || (await claim(s, c))) claimed.push(c)
        // A run of a session cancelled while it executed records nothing: the session shows it as cancelled, and
        // an outcome written after the cancel would turn it into a pass or a failure (and could alert).
        const sessionRuns = claimed.filter((c) => c.job.session_id !== null).map((c) => c.job.sequence_id)
        const cancelled = new Set(sessionRuns.length > 0 ? await s.runCancellations.cancelledSequences(sessionRuns) : [])
        const batch = claimed.filter((c) => !cancelled.has(c.job.sequence_id))
        const alive = await s.checks.existingIds([...new Set(batch.map((c) => c.job.check_id))])
        const live = batch.filter((c) => alive.has(c.job.check_id))
        const rows = live.map((c) => toResultRow({ id: c.resultId, job: c.job, checkType: c.checkType, result: c.result, final: !c.decision.retry, at: now, redactor: c.redactor }))
        const finalRows = rows.filter((r) => r.result_type === 'FINAL')
        await s.writes.together([s.results.resultsWrite(rows), ...s.results.statusesWrites(finalRows)])
        for (const c of live.filter((x) => x.decision.retry)) {
          await s.jobs.requeue(c.job.id, {
            attempt: c.job.attempt + 1,
            due_at: retryDueAt(c, now),
            location: c.retryLocation,
            private_location_id: c.job.private_location_id,
            first_started_at: c.job.first_started_at,
          })
        }
        await s.jobs.remove(batch.filter((c) => !c.decision.retry || !alive.has(c.job.check_id)).map((c) => c.job.id))
        return { batch, live, finals: finalRows }
      })
      const metrics = deps.metrics
      if (metrics) for (const c of live) metrics.runFinished(runPlace(c.job, c.checkType), c.result, c.decision.retry)
      await afterWrite(finals)
      return batch
    },
    settle: () => hookChain,
  }
}
