/**
 * Recording a batch of pings in one transaction (group commit; ping-writer.ts forms the batches): it resolves their
 * tokens through the timers' unique index, applies each signal to its timer in arrival order, and writes the
 * events, the FINAL results and the statuses together (store/write-together.ts: one statement on PostgreSQL).
 */
import { randomFillSync } from 'node:crypto'
import type { CheckResultRow } from '../../store/run-rows.js'
import { timerStateOf, withTimerState, type HeartbeatEventRow, type HeartbeatTimerRow } from '../../store/heartbeats.js'
import { applySignal, type HeartbeatEventState, type HeartbeatSignal, type TimerState } from '../../domain/heartbeats/timer.js'
import { pingTokenOf } from '../../domain/heartbeats/settings.js'
import { orderedIds } from '../../domain/heartbeats/ordered-id.js'
import { heartbeatResultRow } from '../../engine/heartbeat-result-row.js'
import type { Stores } from '../stores.js'
import { newTimerRow } from './heartbeat-timer-sync.js'

export interface PingInput {
  token: string
  signal: HeartbeatSignal
  method: string
  source: string | null
  userAgent: string | null
  body: string | null
}

export type PingOutcome = { kind: 'recorded'; state: HeartbeatEventState; eventId: string } | { kind: 'deactivated' } | { kind: 'unknown' }

const FAIL_MESSAGE = 'The job reported a failure through its /fail ping URL'

/** A heartbeat check whose timer row is missing (created before timers existed) gets one on its first ping. */
async function adoptTimer(s: Pick<Stores, 'checks' | 'heartbeats'>, token: string, now: number): Promise<HeartbeatTimerRow | undefined> {
  const id = await s.checks.findIdByPingToken(token)
  const check = id === undefined ? undefined : (await s.checks.getMany([id]))[0]
  if (!check || check.checkType !== 'HEARTBEAT' || pingTokenOf(check.doc) !== token) return undefined
  const row = newTimerRow(check, token, now)
  await s.heartbeats.putTimer(row)
  return row
}

/** Ids of events and results: time-ordered, so that their indexes grow at the end. */
export type IdSource = (ms: number) => string

/** Random bytes drawn from a pool refilled 4 KiB at a time (one call to the generator per 400 ids, not per id). */
export function pooledRandom(): (bytes: Uint8Array) => void {
  const pool = new Uint8Array(4096)
  let used = pool.length
  return (bytes) => {
    if (used + bytes.length > pool.length) {
      randomFillSync(pool)
      used = 0
    }
    bytes.set(pool.subarray(used, used + bytes.length))
    used += bytes.length
  }
}

export const orderedIdSource = (): IdSource => orderedIds(pooledRandom())

export interface RecordedPings {
  outcomes: PingOutcome[]
  results: CheckResultRow[]
  /**
   * Per ping: true when it cannot change what alerting knows (no result, or a passing result of a check that stays
   * passing), so it may be answered before the batch's results have been through alert evaluation.
   */
  settled: boolean[]
}

export async function recordPings(
  s: Pick<Stores, 'checks' | 'heartbeats' | 'results' | 'writes'>,
  batch: Array<{ ping: PingInput; at: number }>,
  now: number,
  newId: IdSource = orderedIdSource(),
): Promise<RecordedPings> {
  const tokens = [...new Set(batch.map((b) => b.ping.token))]
  const byToken = new Map((await s.heartbeats.lockByTokens(tokens)).map((r) => [r.ping_token, r]))
  for (const token of tokens.filter((t) => !byToken.has(t))) {
    const adopted = await adoptTimer(s, token, now)
    if (adopted) byToken.set(token, adopted)
  }
  const timers = new Map<string, { row: HeartbeatTimerRow; timer: TimerState }>()
  const events: HeartbeatEventRow[] = []
  const results: CheckResultRow[] = []
  const outcomes = batch.map(({ ping, at }): PingOutcome => {
    const row = byToken.get(ping.token)
    if (!row) return { kind: 'unknown' }
    if (row.activated !== 1) return { kind: 'deactivated' }
    const current = timers.get(row.check_id) ?? { row, timer: timerStateOf(row) }
    const t = applySignal(current.timer, { periodMs: Number(row.period_ms), graceMs: Number(row.grace_ms) }, ping.signal, at)
    timers.set(row.check_id, { row, timer: t.timer })
    const event: HeartbeatEventRow = {
      id: newId(at),
      account_id: row.account_id,
      check_id: row.check_id,
      type: t.event.type,
      state: t.event.state,
      method: ping.method,
      source: ping.source,
      user_agent: ping.userAgent,
      body: ping.body,
      duration_ms: t.event.durationMs,
      result_id: t.outcome ? newId(at) : null,
      created_at: at,
    }
    events.push(event)
    if (t.outcome) {
      const failure = ping.signal === 'FAIL' ? { kind: 'HEARTBEAT_FAIL_SIGNAL' as const, message: FAIL_MESSAGE } : null
      results.push(heartbeatResultRow({ event, outcome: t.outcome, failure, at: now }))
    }
    return { kind: 'recorded', state: t.event.state, eventId: event.id }
  })
  // A passing check whose results here all pass keeps its status (heartbeat statuses follow the timer's failing flag).
  const sameStatus = new Set([...timers.values()].filter(({ row }) => row.failing === 0 && row.state !== 'NEW').map(({ row }) => row.check_id))
  for (const r of results) if (r.status !== 'passing') sameStatus.delete(r.check_id)
  await s.writes.together([
    s.heartbeats.statesWrite([...timers.values()].map(({ row, timer }) => withTimerState(row, timer, now))),
    s.heartbeats.eventsWrite(events),
    s.results.resultsWrite(results),
    ...s.results.statusesWrites(results, sameStatus),
  ])
  const checkOf = (ping: PingInput) => byToken.get(ping.token)?.check_id
  const settled = batch.map(({ ping }, i) => outcomes[i]?.kind !== 'recorded' || ping.signal === 'START' || sameStatus.has(checkOf(ping) ?? ''))
  return { outcomes, results, settled }
}
