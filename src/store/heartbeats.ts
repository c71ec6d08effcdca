/** Heartbeat timers (one per heartbeat check; the next deadline is indexed) and ping events. */
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { Dialect } from './db.js'
import type { HeartbeatEventState, TimerState } from '../domain/heartbeats/timer.js'
import type { OutcomeCounts } from '../domain/heartbeats/availability.js'
import { tokenDigest, tokenLookups } from './secrets/sealed-docs.js'
import { columnsOf, compiledRows, type RowsWrite } from './compiled-rows.js'

export interface HeartbeatTimerRow {
  check_id: string
  account_id: string
  /**
   * The check's token, kept in step by the check service: pings resolve here with one indexed read. Stored as its
   * digest (store/secrets/sealed-docs.ts); rows read by lockByTokens carry the token they were found by.
   */
  ping_token: string
  activated: number
  period_ms: number
  grace_ms: number
  /** State of the last event, or NEW. */
  state: string
  last_ping_at: number | null
  expected_at: number | null
  next_deadline_at: number | null
  failing: number
  started_at: number | null
  updated_at: number
}

export interface HeartbeatEventRow {
  id: string
  account_id: string
  check_id: string
  /** PING, FAIL, START or DEADLINE. */
  type: string
  state: string
  method: string | null
  source: string | null
  user_agent: string | null
  body: string | null
  duration_ms: number | null
  /** The FINAL check result recorded with the event (none for START). */
  result_id: string | null
  created_at: number
}

// A type alias (not an interface), so that it satisfies withTables' index-signature constraint.
type HeartbeatTables = {
  heartbeat_timers: HeartbeatTimerRow
  heartbeat_events: HeartbeatEventRow
}

export interface EventFilter {
  accountId: string
  checkId: string
  from?: number | undefined
  to?: number | undefined
  limit: number
  offset: number
}

export interface HeartbeatStore {
  /**
   * How many batches of pings are best written at once: on PostgreSQL each takes a connection of the pool and their
   * round trips and commits overlap; SQLite has one connection, on which a second batch would only wait.
   */
  readonly batchesAtOnce: number
  getTimer(checkId: string): Promise<HeartbeatTimerRow | undefined>
  /** Creates or replaces a timer. */
  putTimer(row: HeartbeatTimerRow): Promise<void>
  /** Timers of these tokens, locked until the transaction ends on PostgreSQL; call inside a transaction. */
  lockByTokens(tokens: string[]): Promise<HeartbeatTimerRow[]>
  /** Active timers whose deadline passed (next_deadline_at < now), oldest first; SKIP LOCKED on PostgreSQL. */
  claimOverdue(now: number, limit: number): Promise<HeartbeatTimerRow[]>
  /** The earliest deadline of any timer (index on next_deadline_at), or null: lets an idle pass skip its transaction. */
  earliestDeadline(): Promise<number | null>
  /** The timer-state columns (not the settings) of each row, to be written with other tables' rows (Stores.writes). */
  statesWrite(rows: HeartbeatTimerRow[]): RowsWrite
  insertEvents(rows: HeartbeatEventRow[]): Promise<void>
  eventsWrite(rows: HeartbeatEventRow[]): RowsWrite
  listEvents(f: EventFilter): Promise<{ items: HeartbeatEventRow[]; total: number }>
  getEvent(accountId: string, checkId: string, id: string): Promise<HeartbeatEventRow | undefined>
  /** FINAL results of a check with started_at in [from, to), and how many passed. */
  countOutcomes(accountId: string, checkId: string, from: number, to: number): Promise<OutcomeCounts>
}

const num = (v: number | null): number | null => (v === null ? null : Number(v))

export function timerStateOf(row: HeartbeatTimerRow): TimerState {
  return {
    lastPingAt: num(row.last_ping_at),
    expectedAt: num(row.expected_at),
    nextDeadlineAt: num(row.next_deadline_at),
    failing: row.failing === 1,
    startedAt: num(row.started_at),
    state: row.state as HeartbeatEventState | 'NEW',
  }
}

export function withTimerState(row: HeartbeatTimerRow, t: TimerState, at: number): HeartbeatTimerRow {
  return {
    ...row,
    state: t.state,
    last_ping_at: t.lastPingAt,
    expected_at: t.expectedAt,
    next_deadline_at: t.nextDeadlineAt,
    failing: t.failing ? 1 : 0,
    started_at: t.startedAt,
    updated_at: at,
  }
}

const TIMER_COLUMNS = columnsOf<HeartbeatTimerRow>({
  check_id: true,
  account_id: true,
  ping_token: true,
  activated: true,
  period_ms: true,
  grace_ms: true,
  state: true,
  last_ping_at: true,
  expected_at: true,
  next_deadline_at: true,
  failing: true,
  started_at: true,
  updated_at: true,
})

const EVENT_COLUMNS = columnsOf<HeartbeatEventRow>({
  id: true,
  account_id: true,
  check_id: true,
  type: true,
  state: true,
  method: true,
  source: true,
  user_agent: true,
  body: true,
  duration_ms: true,
  result_id: true,
  created_at: true,
})

// An upsert whose update touches only the timer-state columns (not the settings), one statement per 500 timers.
const saveTimerStates = compiledRows<HeartbeatTimerRow>(TIMER_COLUMNS, (db, rows) =>
  db
    .withTables<HeartbeatTables>()
    .insertInto('heartbeat_timers')
    .values(rows as unknown as HeartbeatTimerRow[])
    .onConflict((oc) =>
      oc.column('check_id').doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        last_ping_at: eb.ref('excluded.last_ping_at'),
        expected_at: eb.ref('excluded.expected_at'),
        next_deadline_at: eb.ref('excluded.next_deadline_at'),
        failing: eb.ref('excluded.failing'),
        started_at: eb.ref('excluded.started_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
)

const insertEvents = compiledRows<HeartbeatEventRow>(EVENT_COLUMNS, (db, rows) =>
  db
    .withTables<HeartbeatTables>()
    .insertInto('heartbeat_events')
    .values(rows as unknown as HeartbeatEventRow[]),
)

/** Ping batches written at once on PostgreSQL: a few of the pool's connections (10 by default), not all of them. */
const PG_PING_BATCHES_AT_ONCE = 4

export function heartbeatStore(base: Kysely<Database>, dialect: Dialect): HeartbeatStore {
  const db = base.withTables<HeartbeatTables>()
  const stored = (row: HeartbeatTimerRow): HeartbeatTimerRow => ({ ...row, ping_token: tokenDigest(row.ping_token) })
  return {
    batchesAtOnce: dialect === 'postgres' ? PG_PING_BATCHES_AT_ONCE : 1,
    getTimer: (checkId) => db.selectFrom('heartbeat_timers').selectAll().where('check_id', '=', checkId).executeTakeFirst(),
    async putTimer(given) {
      const row = stored(given)
      const { check_id: _id, ...changes } = row
      await db
        .insertInto('heartbeat_timers')
        .values(row)
        .onConflict((oc) => oc.column('check_id').doUpdateSet(changes))
        .execute()
    },
    async lockByTokens(tokens) {
      // Each stored form (the digest, or the plain token of a row from before digests) leads back to its token.
      const tokenOf = new Map(tokens.flatMap((t) => tokenLookups(t).map((form) => [form, t] as const)))
      if (tokenOf.size === 0) return []
      let q = db
        .selectFrom('heartbeat_timers')
        .selectAll()
        .where('ping_token', 'in', [...tokenOf.keys()])
        .orderBy('check_id')
      if (dialect === 'postgres') q = q.forUpdate()
      return (await q.execute()).map((row) => ({ ...row, ping_token: tokenOf.get(row.ping_token) ?? row.ping_token }))
    },
    async claimOverdue(now, limit) {
      let q = db.selectFrom('heartbeat_timers').selectAll().where('next_deadline_at', '<', now).orderBy('next_deadline_at').limit(limit)
      if (dialect === 'postgres') q = q.forUpdate().skipLocked()
      return q.execute()
    },
    async earliestDeadline() {
      const row = await db
        .selectFrom('heartbeat_timers')
        .select('next_deadline_at')
        .where('next_deadline_at', 'is not', null)
        .orderBy('next_deadline_at')
        .limit(1)
        .executeTakeFirst()
      return row?.next_deadline_at == null ? null : Number(row.next_deadline_at)
    },
    statesWrite: (rows) => saveTimerStates.of(rows.map(stored)),
    insertEvents: (rows) => insertEvents(base, rows),
    eventsWrite: (rows) => insertEvents.of(rows),
    async listEvents(f) {
      let q = db.selectFrom('heartbeat_events').where('check_id', '=', f.checkId).where('account_id', '=', f.accountId)
      if (f.from !== undefined) q = q.where('created_at', '>=', f.from)
      if (f.to !== undefined) q = q.where('created_at', '<', f.to)
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const items = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
      return { items, total: Number(count.n) }
    },
    getEvent: (accountId, checkId, id) =>
      db.selectFrom('heartbeat_events').selectAll().where('id', '=', id).where('check_id', '=', checkId).where('account_id', '=', accountId).executeTakeFirst(),
    async countOutcomes(accountId, checkId, from, to) {
      const row = await db
        .selectFrom('check_results')
        .select((eb) => [eb.fn.countAll<number>().as('total'), sql<number>`coalesce(sum(case when status = 'passing' then 1 else 0 end), 0)`.as('passing')])
        .where('check_id', '=', checkId)
        .where('account_id', '=', accountId)
        .where('result_type', '=', 'FINAL')
        .where('started_at', '>=', from)
        .where('started_at', '<', to)
        .executeTakeFirstOrThrow()
      return { total: Number(row.total), passing: Number(row.passing) }
    },
  }
}
