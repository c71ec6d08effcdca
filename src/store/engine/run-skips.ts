/**
 * Skipped runs (domain/schedule/stale-slots.ts): one row per scheduled run taken out of the queue because its
 * check's next slot came due before it started. Read by check and time through the (check_id, scheduled_at) index;
 * removed with results by data retention (store/retention.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { RunSkipRow } from '../run-rows.js'
import { columnsOf, compiledRows } from '../compiled-rows.js'

export interface SkipQuery {
  /** Skipped slots scheduled at or after `from` and before `to` (epoch ms). */
  from: number
  to: number
  limit: number
}

export interface RunSkipStore {
  insertMany(rows: RunSkipRow[]): Promise<void>
  /** A check's skipped runs in the window, newest slot first, at most `limit`, and how many there are in all. */
  listForCheck(checkId: string, q: SkipQuery): Promise<{ items: RunSkipRow[]; total: number }>
}

const SKIP_COLUMNS = columnsOf<RunSkipRow>({
  id: true,
  account_id: true,
  check_id: true,
  location: true,
  private_location_id: true,
  scheduled_at: true,
  skipped_at: true,
  created_at: true,
})

// Under overload most slots end here, so the rows are written from SQL compiled once (compiled-rows.ts).
const insertSkips = compiledRows<RunSkipRow>(SKIP_COLUMNS, (db, rows) => db.insertInto('run_skips').values(rows as unknown as RunSkipRow[]))

export function runSkipStore(db: Kysely<Database>): RunSkipStore {
  return {
    insertMany: (rows) => insertSkips(db, rows),
    async listForCheck(checkId, q) {
      const window = db.selectFrom('run_skips').where('check_id', '=', checkId).where('scheduled_at', '>=', q.from).where('scheduled_at', '<', q.to)
      const items = await window.selectAll().orderBy('scheduled_at', 'desc').limit(q.limit).execute()
      const counted = await window.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
      return { items, total: Number(counted?.n ?? 0) }
    },
  }
}
