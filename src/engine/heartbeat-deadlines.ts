/**
 * The heartbeat deadline scanner: finds timers whose deadline passed through the index on next_deadline_at (never a
 * scan of every heartbeat), records a FAILING event and a failing FINAL result for each, and resets its timer. Rows
 * are claimed with SKIP LOCKED on PostgreSQL, so several instances never fire the same deadline twice. Run every
 * second by each instance, and at start: a deadline that passed while the service was down is found on the first
 * pass (once, however long ago; then one failure per period while no ping comes).
 */
import { randomFillSync } from 'node:crypto'
import type { Clock } from '../lib/clock.js'
import type { Stores, Transact } from '../store/all-stores.js'
import type { CheckResultRow } from '../store/run-rows.js'
import { timerStateOf, withTimerState, type HeartbeatEventRow, type HeartbeatTimerRow } from '../store/heartbeats.js'
import { applyDeadline } from '../domain/heartbeats/timer.js'
import { describeDuration } from '../domain/heartbeats/settings.js'
import { orderedIds } from '../domain/heartbeats/ordered-id.js'
import { heartbeatResultRow } from './heartbeat-result-row.js'

export interface DeadlineDeps {
  stores: Pick<Stores, 'heartbeats'>
  transact: Transact
  clock: Clock
  /** Alert evaluation of the failing results, after they are stored. */
  afterFinalResults: (rows: CheckResultRow[]) => Promise<void>
}

export const DEADLINE_BATCH = 500
/**
 * A deadline counts once it is this old: a ping received just before it but still waiting for its batch write is
 * never reported as missed (pings arriving in this window are LATE). The failure is still dated at the deadline.
 */
export const DEADLINE_SETTLE_MS = 1000

/** One pass over every overdue timer, in batches; returns how many failures were recorded. */
export async function checkHeartbeatDeadlines(deps: DeadlineDeps, batch = DEADLINE_BATCH): Promise<number> {
  // Most passes find nothing due: one indexed read instead of a transaction (three round trips on PostgreSQL).
  const earliest = await deps.stores.heartbeats.earliestDeadline()
  if (earliest === null || earliest >= deps.clock.now() - DEADLINE_SETTLE_MS) return 0
  let recorded = 0
  for (;;) {
    const { claimed, rows } = await deps.transact((s) => fireDeadlines(s, deps.clock.now(), batch))
    if (rows.length > 0) await deps.afterFinalResults(rows)
    recorded += rows.length
    if (claimed < batch) return recorded
  }
}

async function pausedByGroup(s: Stores, timers: HeartbeatTimerRow[]): Promise<Set<string>> {
  const checks = await s.checks.getMany(timers.map((t) => t.check_id))
  const paused = new Set<string>()
  const groups = new Map<number, boolean>()
  for (const c of checks) {
    const groupId = c.doc.groupId
    if (typeof groupId !== 'number') continue
    if (!groups.has(groupId)) groups.set(groupId, (await s.checkGroups.get(c.accountId, groupId))?.doc.activated === false)
    if (groups.get(groupId)) paused.add(c.id)
  }
  return paused
}

async function fireDeadlines(s: Stores, now: number, batch: number): Promise<{ claimed: number; rows: CheckResultRow[] }> {
  const timers = await s.heartbeats.claimOverdue(now - DEADLINE_SETTLE_MS, batch)
  if (timers.length === 0) return { claimed: 0, rows: [] }
  const paused = await pausedByGroup(s, timers)
  const newId = orderedIds((bytes) => randomFillSync(bytes))
  const saved: HeartbeatTimerRow[] = []
  const events: HeartbeatEventRow[] = []
  const results: CheckResultRow[] = []
  for (const row of timers) {
    const cfg = { periodMs: Number(row.period_ms), graceMs: Number(row.grace_ms) }
    const timer = timerStateOf(row)
    // A deactivated group pauses its heartbeats' deadlines: look again one period later.
    if (paused.has(row.check_id)) {
      saved.push(withTimerState(row, { ...timer, nextDeadlineAt: now + cfg.periodMs }, now))
      continue
    }
    const t = applyDeadline(timer, cfg, now)
    if (!t) continue
    const event: HeartbeatEventRow = {
      id: newId(now),
      account_id: row.account_id,
      check_id: row.check_id,
      type: t.event.type,
      state: t.event.state,
      method: null,
      source: null,
      user_agent: null,
      body: null,
      duration_ms: null,
      result_id: newId(now),
      created_at: t.event.at,
    }
    const message = `No ping received within period + grace (${describeDuration(cfg.periodMs)} + ${describeDuration(cfg.graceMs)})`
    events.push(event)
    results.push(heartbeatResultRow({ event, outcome: 'failing', failure: { kind: 'HEARTBEAT_MISSED', message }, at: now }))
    saved.push(withTimerState(row, t.timer, now))
  }
  await s.writes.together([s.heartbeats.statesWrite(saved), s.heartbeats.eventsWrite(events), s.results.resultsWrite(results), ...s.results.statusesWrites(results)])
  return { claimed: timers.length, rows: results }
}
