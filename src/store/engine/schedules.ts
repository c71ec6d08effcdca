/** When each active check runs next. Claiming due rows is safe with many instances (SKIP LOCKED on PostgreSQL). */
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import type { CheckScheduleRow, Database } from '../schema.js'
import { queuedScheduledRun } from './run-job-supersede.js'

/** A claimed schedule, and whether its check has a scheduled run still queued in a data-center location. */
export type ClaimedSchedule = CheckScheduleRow & { has_queued_run: boolean }

export interface ScheduleStore {
  /** Sets a check's next run (create, reactivate, frequency change). */
  put(checkId: string, accountId: string, nextDueAt: number, at: number): Promise<void>
  remove(checkId: string): Promise<void>
  get(checkId: string): Promise<CheckScheduleRow | undefined>
  /**
   * Due rows, locked for this transaction on PostgreSQL; call inside a transaction. Each says whether its check has
   * a queued run that a new run may supersede (run-job-supersede.ts queuedScheduledRun; one probe of the job index
   * a row), so that the scheduler looks for such runs only when there are some (engine/queue-scheduled-runs.ts).
   */
  claimDue(now: number, limit: number): Promise<ClaimedSchedule[]>
  advance(checkId: string, nextDueAt: number, rrIndex: number, at: number): Promise<void>
  /** Many advances in one statement per 500 (a scheduler tick moves hundreds of schedules: one round trip, not one each). */
  advanceMany(rows: Array<{ checkId: string; nextDueAt: number; rrIndex: number }>, at: number): Promise<void>
  /** The earliest next_due_at, to know how long the scheduler may sleep. */
  earliestDue(): Promise<number | null>
}

export function scheduleStore(db: Kysely<Database>, dialect: Dialect): ScheduleStore {
  return {
    async put(checkId, accountId, nextDueAt, at) {
      await db
        .insertInto('check_schedules')
        .values({ check_id: checkId, account_id: accountId, next_due_at: nextDueAt, rr_index: 0, updated_at: at })
        .onConflict((oc) => oc.column('check_id').doUpdateSet({ next_due_at: nextDueAt, updated_at: at }))
        .execute()
    },
    async remove(checkId) {
      await db.deleteFrom('check_schedules').where('check_id', '=', checkId).execute()
    },
    get: (checkId) => db.selectFrom('check_schedules').selectAll().where('check_id', '=', checkId).executeTakeFirst(),
    async claimDue(now, limit) {
      let q = db
        .selectFrom('check_schedules')
        .selectAll('check_schedules')
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('run_jobs')
                .select(sql<number>`1`.as('one'))
                .whereRef('run_jobs.check_id', '=', 'check_schedules.check_id')
                .where(queuedScheduledRun),
            )
            .as('has_queued_run'),
        )
        .where('next_due_at', '<=', now)
        .orderBy('next_due_at')
        .limit(limit)
      if (dialect === 'postgres') q = q.forUpdate('check_schedules').skipLocked()
      return (await q.execute()).map((r) => ({ ...r, has_queued_run: Boolean(r.has_queued_run) }))
    },
    async advance(checkId, nextDueAt, rrIndex, at) {
      await db.updateTable('check_schedules').set({ next_due_at: nextDueAt, rr_index: rrIndex, updated_at: at }).where('check_id', '=', checkId).execute()
    },
    async advanceMany(rows, at) {
      for (let i = 0; i < rows.length; i += 500) {
        // One text for SQLite (UPDATE … FROM since 3.33) and PostgreSQL: CAST, not ::, and VALUES' own column names.
        const values = sql.join(rows.slice(i, i + 500).map((r) => sql`(${r.checkId}, cast(${r.nextDueAt} as bigint), cast(${r.rrIndex} as integer))`))
        await sql`update check_schedules set next_due_at = v.next_due_at, rr_index = v.rr_index, updated_at = ${at}
          from (select column1 as check_id, column2 as next_due_at, column3 as rr_index from (values ${values}) as x) as v
          where check_schedules.check_id = v.check_id`.execute(db)
      }
    },
    async earliestDue() {
      const row = await db
        .selectFrom('check_schedules')
        .select((eb) => eb.fn.min('next_due_at').as('m'))
        .executeTakeFirst()
      return row?.m === null || row?.m === undefined ? null : Number(row.m)
    },
  }
}
