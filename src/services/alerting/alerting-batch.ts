/**
 * Evaluation of many checks' FINAL results in one transaction, in a few statements whatever their number: the
 * states are those of the batch read that told which results change nothing (taken before the transaction), each
 * check's results are stepped in order, the alerts are recorded and their notifications queued in a few statements,
 * and the states are written back in one, each under its version (alert_states.version, as withAlertState does).
 *
 * At most once holds as with a transaction per check: a state written by someone else since the batch read makes
 * the write miss it, and then the whole batch rolls back with the alerts it recorded; so does any failure. The
 * caller then evaluates each check in a transaction of its own (fresh state, retried on a stale version), which
 * also keeps one check's failure from holding up the others.
 *
 * A check whose evaluation opens or resolves a status page incident is not batched: joining or resolving an
 * automatic incident reads the other checks' states, which must hold what was evaluated before it. Stepping is
 * pure, so that is known before any statement.
 */
import type { AlertRecord } from '../../alerting/types.js'
import { parseState, type AlertState } from '../../alerting/state.js'
import type { AlertStateRow } from '../../store/alerting/alerts.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import { raiseAlerts, type NewAlert } from './alert-records.js'
import type { CheckContext } from './alerting-context.js'
import { alertFor, stepResult } from './alerting-evaluate.js'
import type { Uses } from '../resource-deps.js'

/** A batch records alerts, queues notifications and writes states, nothing else. */
export type BatchDeps = Uses<'alerts' | 'checks' | 'checkGroups' | 'alertSubscriptions' | 'alertChannels' | 'notifications', 'transact'>

/** One check of a batch: its context, its results (oldest first) and its state row as the batch read found it. */
export interface BatchItem {
  ctx: CheckContext
  rows: CheckResultRow[]
  stored: AlertStateRow | undefined
}

/** A check stepped through its results, before anything is written: its new state and the alerts it raises. */
export interface BatchPlan {
  item: BatchItem
  state: AlertState
  alerts: NewAlert[]
  /** It holds an incident, or a failure it alerts opens one (triggerIncident): then it is evaluated on its own. */
  touchesIncident: boolean
}

export function planCheck(item: BatchItem, now: number): BatchPlan {
  const { ctx, rows, stored } = item
  let state = parseState(stored?.state)
  const alerts: NewAlert[] = []
  let opens = false
  for (const row of rows) {
    const result = stepResult(ctx, state, row, now)
    state = result.state
    for (const { summary, state: after, alert } of result.steps) {
      if (alert) alerts.push(alertFor(ctx.check, summary, alert))
      // The condition under which evaluateCheck opens the check's incident.
      if (summary.condition === 'failing' && after.alerted === 'failing' && ctx.alerting.triggerIncident !== null) opens = true
    }
  }
  return { item, state, alerts, touchesIncident: Boolean(stored?.incident_id) || opens }
}

class StaleBatch extends Error {}

/**
 * Records the plans in one transaction; the alerts raised, by check. Null when the batch was rolled back (a state
 * changed meanwhile, or a failure): nothing of it was written, and each check is to be evaluated on its own.
 */
export async function evaluateBatch(deps: BatchDeps, plans: BatchPlan[], now: number): Promise<Map<string, AlertRecord[]> | null> {
  const writes = plans.map(({ item: { ctx, stored }, state }) => ({
    check_id: ctx.check.id,
    account_id: ctx.check.accountId,
    state: JSON.stringify(state),
    next_reminder_at: state.nextReminderAt,
    incident_id: null,
    updated_at: now,
    expectedVersion: stored ? Number(stored.version) : null,
  }))
  try {
    const raised = await deps.transact(async (s) => {
      const records = await raiseAlerts(
        s,
        plans.flatMap((p) => p.alerts),
        now,
      )
      const written = await s.alerts.writeStates(writes)
      if (written.size !== writes.length) throw new StaleBatch('an alert state of the batch changed meanwhile')
      return records
    })
    const byCheck = new Map<string, AlertRecord[]>()
    for (const r of raised) byCheck.set(r.checkId, [...(byCheck.get(r.checkId) ?? []), r])
    return byCheck
  } catch {
    return null
  }
}
