/**
 * Evaluation of one check's FINAL results (oldest first) in one transaction: gather parallel runs, run the state
 * machine, record the alerts it raises (raiseAlert), open or resolve the check's incident, save the state.
 */
import { transition } from '../../alerting/evaluate.js'
import { gatherResult, summarizeRun, type LocationResult } from '../../alerting/parallel-run.js'
import { silenceOf } from '../../alerting/settings.js'
import { parseState, type AlertState, type Condition, type RunSummary } from '../../alerting/state.js'
import type { AlertRecord, AlertType } from '../../alerting/types.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import type { CheckRecord } from '../../store/checks.js'
import { raiseAlert, type NewAlert } from './alert-records.js'
import type { CheckContext } from './alerting-context.js'
import { openCheckIncident, resolveCheckIncident, type CheckIncidentStores } from './alerting-incidents.js'
import { withAlertState } from './alerting-state.js'
import type { Uses } from '../resource-deps.js'

/** An evaluation records the state and alerts, queues notifications and opens or resolves incidents. */
export type EvaluateDeps = Uses<
  'alerts' | 'checks' | 'checkGroups' | 'alertSubscriptions' | 'alertChannels' | 'notifications' | keyof CheckIncidentStores,
  'transact' | 'clock' | 'publicBaseUrl'
>

const conditionOf = (status: string): Condition => (status === 'failing' ? 'failing' : status === 'degraded' ? 'degraded' : 'passing')

function parallelTotalOf(row: CheckResultRow): number {
  try {
    const total = (JSON.parse(row.doc) as { parallelTotal?: unknown }).parallelTotal
    return typeof total === 'number' && total >= 1 ? total : 1
  } catch {
    return 1
  }
}

export function toLocationResult(row: CheckResultRow): LocationResult {
  return {
    condition: conditionOf(row.status),
    startedAt: Number(row.started_at),
    resultId: row.id,
    location: row.location,
    responseTime: Number(row.response_time),
    error: row.error_message,
    statusCode: row.status_code === null ? null : String(row.status_code),
    slot: row.scheduled_at === null ? null : Number(row.scheduled_at),
    session: row.session_id,
    total: parallelTotalOf(row),
  }
}

/** The alert record of a run (or of a reminder repeating the episode's latest run). */
export function alertFor(check: CheckRecord, run: RunSummary, alertType: AlertType, reminderSequence = 0): NewAlert {
  return {
    accountId: check.accountId,
    checkId: check.id,
    alertType,
    checkType: check.checkType,
    name: String(check.doc.name ?? ''),
    runLocation: run.location,
    responseTime: run.responseTime,
    error: run.error,
    statusCode: run.statusCode,
    resultId: run.resultId,
    startedAt: run.startedAt,
    isReminder: reminderSequence > 0,
    reminderSequence,
  }
}

/** One run the state machine went through: its summary, the state after it and the alert it raised, if any. */
export interface RunStep {
  summary: RunSummary
  state: AlertState
  alert: AlertType | null
}

/** The runs one result completes (a parallel run completes once all its locations reported), each stepped in order. */
export function stepResult(ctx: CheckContext, state: AlertState, row: CheckResultRow, now: number): { state: AlertState; steps: RunStep[] } {
  const gathered = gatherResult(state, toLocationResult(row))
  let current = gathered.state
  const steps: RunStep[] = []
  for (const run of gathered.runs) {
    const summary = summarizeRun(run.results, ctx.alerting.settings.parallelRunFailureThreshold)
    const step = transition(current, summary, ctx.alerting.settings, now, silenceOf(ctx.alerting))
    current = step.state
    steps.push({ summary, state: current, alert: step.alert ?? null })
  }
  return { state: current, steps }
}

/**
 * Evaluates one check's FINAL results (oldest first) with its context (loaded before the transaction) in a
 * transaction of its own; returns the alerts raised.
 */
export async function evaluateCheck(deps: EvaluateDeps, ctx: CheckContext, rows: CheckResultRow[], now: number): Promise<AlertRecord[]> {
  const { check, alerting } = ctx
  const accountId = check.accountId
  let raised: AlertRecord[] = []
  await withAlertState(deps, check.id, accountId, async (s, current) => {
    raised = []
    let { state, incidentId } = current
    for (const row of rows) {
      const result = stepResult(ctx, state, row, now)
      state = result.state
      for (const { summary, state: after, alert } of result.steps) {
        if (alert) raised.push(await raiseAlert(s, alertFor(check, summary, alert), now))
        // A failure that was alerted in this episode opens the incident, also when the check was tied to its service
        // only after the alert went out (the next failing run opens it); a silenced failure opens none.
        if (summary.condition === 'failing' && after.alerted === 'failing' && alerting.triggerIncident && incidentId === null) {
          incidentId = await openCheckIncident(deps, s, accountId, check.id, String(check.doc.name ?? ''), alerting.triggerIncident)
        }
        if (summary.condition === 'passing' && incidentId !== null) {
          await resolveCheckIncident(deps, s, accountId, check.id, incidentId, String(check.doc.name ?? ''))
          incidentId = null
        }
      }
    }
    return { state, incidentId }
  })
  return raised
}

/** True when results cannot change a state: all are passing single-location runs and the check is quietly passing. */
export function changesNothing(rows: CheckResultRow[], stateJson: string | undefined, incidentId: string | null | undefined): boolean {
  if (incidentId) return false
  if (!rows.every((r) => r.status === 'passing' && toLocationResult(r).total < 2)) return false
  if (stateJson === undefined) return true
  const state = parseState(stateJson)
  return state.condition === 'passing' && state.alerted === null && state.pending === null && state.nextReminderAt === null
}
