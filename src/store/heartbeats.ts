/** Heartbeat timers (one per heartbeat check; the next deadline is indexed) and ping events. */
import { sql, type Kysely } from 'kysely'
import type { CheckResultRow, CheckStatusRow, Database } from './schema.js'
import type { Dialect } from './db.js'
import type { HeartbeatEventState, TimerState } from '../domain/heartbeat/timer.js'
import type { OutcomeCounts } from '../domain/heartbeat/availability.js'

export interface HeartbeatTimerRow {
  check_id: string
  account_id: string
  /** Copy of the check's token, kept in step by the check service: pings resolve here with one indexed read. */
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
  getTimer(checkId: string): Promise<HeartbeatTimerRow | undefined>
  /** Creates or replaces a timer. */
  putTimer(row: HeartbeatTimerRow): Promise<void>
  /** Timers of these tokens, locked until the transaction ends on PostgreSQL; call inside a transaction. */
  lockByTokens(tokens: string[]): Promise<HeartbeatTimerRow[]>
  /** Active timers whose deadline passed (next_deadline_at < now), oldest first; SKIP LOCKED on PostgreSQL. */
  claimOverdue(now: number, limit: number): Promise<HeartbeatTimerRow[]>
  /** Writes the timer-state columns (not the settings) of each row. */
  saveStates(rows: HeartbeatTimerRow[]): Promise<void>
  insertEvents(rows: HeartbeatEventRow[]): Promise<void>
  listEvents(f: EventFilter): Promise<{ items: HeartbeatEventRow[]; total: number }>
  getEvent(accountId: string, checkId: string, id: string): Promise<HeartbeatEventRow | undefined>
  /**
   * The latest status of each check from a batch of its FINAL results, in one statement: the rule of
   * ResultStore.applyStatus (only a newer result replaces the status; longest and shortest run kept), batched.
   * Checks in `sameStatus` are known to keep their status: their update leaves the status column (and so its
   * index) alone, which saves SQLite a page write per check.
   */
  applyStatuses(rows: CheckResultRow[], sameStatus?: ReadonlySet<string>): Promise<void>
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

type StatusValues = Omit<CheckStatusRow, 'longest_run' | 'shortest_run'> & { longest_run: number; shortest_run: number }

async function upsertStatusesIn(db: Kysely<Database>, values: StatusValues[], keepStatus: boolean): Promise<void> {
  await db
    .insertInto('check_statuses')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('check_id')
        .doUpdateSet((eb) => ({
          ...(keepStatus ? {} : { status: eb.ref('excluded.status') }),
          updated_at: eb.ref('excluded.updated_at'), has_failures: eb.ref('excluded.has_failures'), has_errors: eb.ref('excluded.has_errors'),
          is_degraded: eb.ref('excluded.is_degraded'), last_result_id: eb.ref('excluded.last_result_id'), last_location: eb.ref('excluded.last_location'),
          last_run_at: eb.ref('excluded.last_run_at'),
          longest_run: sql<number>`case when check_statuses.longest_run is null or check_statuses.longest_run < excluded.longest_run then excluded.longest_run else check_statuses.longest_run end`,
          shortest_run: sql<number>`case when check_statuses.shortest_run is null or check_statuses.shortest_run > excluded.shortest_run then excluded.shortest_run else check_statuses.shortest_run end`,
        }))
        .where(sql<boolean>`check_statuses.last_run_at is null or check_statuses.last_run_at <= excluded.last_run_at`),
    )
    .execute()
}

/** The store is built without being told its dialect; PostgreSQL numbers its placeholders ($1). */
const detectDialect = (db: Kysely<Database>): Dialect => (sql`select ${0}`.compile(db).sql.includes('$1') ? 'postgres' : 'sqlite')

export function heartbeatStore(base: Kysely<Database>, dialect: Dialect = detectDialect(base)): HeartbeatStore {
  const db = base.withTables<HeartbeatTables>()
  const upsertStatuses = (values: StatusValues[], keepStatus: boolean) => upsertStatusesIn(base, values, keepStatus)
  return {
    getTimer: (checkId) => db.selectFrom('heartbeat_timers').selectAll().where('check_id', '=', checkId).executeTakeFirst(),
    async putTimer(row) {
      const { check_id: _id, ...changes } = row
      await db.insertInto('heartbeat_timers').values(row).onConflict((oc) => oc.column('check_id').doUpdateSet(changes)).execute()
    },
    async lockByTokens(tokens) {
      if (tokens.length === 0) return []
      let q = db.selectFrom('heartbeat_timers').selectAll().where('ping_token', 'in', tokens).orderBy('check_id')
      if (dialect === 'postgres') q = q.forUpdate()
      return q.execute()
    },
    async claimOverdue(now, limit) {
      let q = db.selectFrom('heartbeat_timers').selectAll().where('next_deadline_at', '<', now).orderBy('next_deadline_at').limit(limit)
      if (dialect === 'postgres') q = q.forUpdate().skipLocked()
      return q.execute()
    },
    async saveStates(rows) {
      // One statement per chunk: an upsert whose update touches only the timer-state columns.
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('heartbeat_timers')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) =>
            oc.column('check_id').doUpdateSet((eb) => ({
              state: eb.ref('excluded.state'), last_ping_at: eb.ref('excluded.last_ping_at'), expected_at: eb.ref('excluded.expected_at'),
              next_deadline_at: eb.ref('excluded.next_deadline_at'), failing: eb.ref('excluded.failing'), started_at: eb.ref('excluded.started_at'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute()
      }
    },
    async insertEvents(rows) {
      for (let i = 0; i < rows.length; i += 500) await db.insertInto('heartbeat_events').values(rows.slice(i, i + 500)).execute()
    },
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
    async applyStatuses(rows, sameStatus = new Set()) {
      const latest = new Map<string, { row: CheckResultRow; longest: number; shortest: number }>()
      for (const row of rows) {
        const time = Number(row.response_time)
        const seen = latest.get(row.check_id)
        if (!seen) latest.set(row.check_id, { row, longest: time, shortest: time })
        else latest.set(row.check_id, { row: row.started_at >= seen.row.started_at ? row : seen.row, longest: Math.max(seen.longest, time), shortest: Math.min(seen.shortest, time) })
      }
      const values = [...latest.values()].map(({ row, longest, shortest }) => ({
        check_id: row.check_id, account_id: row.account_id, status: row.status, updated_at: row.stopped_at, has_failures: row.has_failures,
        has_errors: row.has_errors, is_degraded: row.is_degraded, last_result_id: row.id, last_location: row.location,
        last_run_at: row.started_at, longest_run: longest, shortest_run: shortest,
      }))
      for (const keep of [true, false]) {
        const group = values.filter((v) => sameStatus.has(v.check_id) === keep)
        for (let i = 0; i < group.length; i += 500) await upsertStatuses(group.slice(i, i + 500), keep)
      }
    },
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
