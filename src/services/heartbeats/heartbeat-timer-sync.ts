/**
 * Keeps a heartbeat check's timer in step with its document, inside the check's create/update transaction: the
 * ping token, activation, period and grace; deactivation clears the deadline; reactivation or a new period or
 * grace restarts a started timer at save time.
 */
import type { CheckRecord } from '../../store/checks.js'
import { timerStateOf, withTimerState, type HeartbeatTimerRow } from '../../store/heartbeats.js'
import { NEW_TIMER, reconfigure } from '../../domain/heartbeats/timer.js'
import { pingTokenOf, timerSettingsOf } from '../../domain/heartbeats/settings.js'
import type { Stores } from '../stores.js'

/** A timer that never got a ping, for a heartbeat check. */
export function newTimerRow(record: CheckRecord, token: string, now: number): HeartbeatTimerRow {
  const settings = timerSettingsOf(record.doc)
  return withTimerState(
    {
      check_id: record.id,
      account_id: record.accountId,
      ping_token: token,
      activated: settings.activated ? 1 : 0,
      period_ms: settings.periodMs,
      grace_ms: settings.graceMs,
      state: 'NEW',
      last_ping_at: null,
      expected_at: null,
      next_deadline_at: null,
      failing: 0,
      started_at: null,
      updated_at: now,
    },
    NEW_TIMER,
    now,
  )
}

export async function syncHeartbeatTimer(s: Pick<Stores, 'heartbeats'>, record: CheckRecord, now: number): Promise<void> {
  if (record.checkType !== 'HEARTBEAT') return
  const token = pingTokenOf(record.doc)
  if (token === null) return
  const existing = await s.heartbeats.getTimer(record.id)
  if (!existing) {
    await s.heartbeats.putTimer(newTimerRow(record, token, now))
    return
  }
  const next = timerSettingsOf(record.doc)
  const previous = { activated: existing.activated === 1, periodMs: Number(existing.period_ms), graceMs: Number(existing.grace_ms) }
  const timer = reconfigure(timerStateOf(existing), previous, next, now)
  const settings = { ping_token: token, activated: next.activated ? 1 : 0, period_ms: next.periodMs, grace_ms: next.graceMs }
  await s.heartbeats.putTimer(withTimerState({ ...existing, ...settings }, timer, now))
}
