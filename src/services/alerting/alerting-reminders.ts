/**
 * The reminder job (periodic, every instance): raises the reminders that are due (alert_states.next_reminder_at),
 * whether or not the check still produces results. A deactivated check (or group) gets no more reminders; a muted
 * one or one in maintenance skips them (reminders.ts). Safe with many instances: the state write is versioned.
 */
import { dueReminder } from '../../alerting/reminders.js'
import { silenceOf } from '../../alerting/settings.js'
import type { AlertRecord } from '../../alerting/types.js'
import { raiseAlert } from './alert-records.js'
import { loadCheckContext } from './alerting-context.js'
import { alertFor } from './alerting-evaluate.js'
import { withAlertState } from './alerting-state.js'
import type { Uses } from '../resource-deps.js'

/** A reminder reads the check's context and records an alert with its notifications. */
export type ReminderDeps = Uses<
  'alerts' | 'accountSettings' | 'maintenanceWindows' | 'maintenances' | 'checks' | 'checkGroups' | 'alertSubscriptions' | 'alertChannels' | 'notifications',
  'transact' | 'clock'
>

const BATCH = 200

/** Raises the reminders due now; returns them. */
export async function sendDueReminders(deps: ReminderDeps): Promise<AlertRecord[]> {
  const now = deps.clock.now()
  const due = await deps.stores.alerts.dueReminders(now, BATCH)
  const raised: AlertRecord[] = []
  for (const { check_id: checkId, account_id: accountId } of due) {
    let mine: AlertRecord[] = []
    await withAlertState(deps, checkId, accountId, async (s, current) => {
      mine = []
      const { state } = current
      if (state.nextReminderAt === null || state.nextReminderAt > now) return null
      const ctx = await loadCheckContext(s, accountId, checkId, now)
      if (!ctx) return null
      if (!ctx.alerting.activated) return { ...current, state: { ...state, nextReminderAt: null } }
      const step = dueReminder(state, ctx.alerting.settings, now, silenceOf(ctx.alerting))
      if (step.alert && state.lastRun) mine.push(await raiseAlert(s, alertFor(ctx.check, state.lastRun, step.alert, step.sequence), now))
      return { ...current, state: step.state }
    })
    raised.push(...mine)
  }
  return raised
}
