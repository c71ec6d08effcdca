/** Alert state per check and the check alerts it raised (tables in migrations/005-alert-tables.ts). */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'

export interface CheckAlertRow {
  id: string
  account_id: string
  check_id: string
  alert_type: string
  check_type: string
  name: string
  run_location: string
  response_time: number
  error: string | null
  status_code: string | null
  result_id: string | null
  started_at: number
  created_at: number
  is_reminder: number
  reminder_sequence: number
  ssl_domain: string | null
  ssl_days_remaining: number | null
}

export interface AlertStateRow {
  check_id: string
  account_id: string
  /** JSON of AlertState (src/alerting/state.ts). */
  state: string
  next_reminder_at: number | null
  incident_id: string | null
  version: number
  updated_at: number
}

// A type alias (not an interface), so that it satisfies withTables' index-signature constraint.
type AlertTables = {
  check_alerts: CheckAlertRow
  alert_states: AlertStateRow
}

export interface AlertListFilter {
  accountId: string
  checkId?: string | undefined
  /** created_at ≥ from and < to (epoch ms). */
  from: number
  to: number
  limit: number
  offset: number
}

export interface AlertStore {
  insertAlert(row: CheckAlertRow): Promise<void>
  /** Newest first. */
  listAlerts(f: AlertListFilter): Promise<{ items: CheckAlertRow[]; total: number }>
  getState(checkId: string): Promise<AlertStateRow | undefined>
  /** The state rows of these checks (those that have one). */
  getStates(checkIds: string[]): Promise<AlertStateRow[]>
  /** Creates the state row; false when another writer created it first. */
  createState(row: AlertStateRow): Promise<boolean>
  /** Writes the state if it is still at `expectedVersion` (the row's version becomes expectedVersion + 1). */
  updateState(row: Omit<AlertStateRow, 'version'>, expectedVersion: number): Promise<boolean>
  /** Checks whose next reminder is due, soonest first. */
  dueReminders(now: number, limit: number): Promise<Array<{ check_id: string; account_id: string }>>
}

export function alertStore(database: Kysely<Database>): AlertStore {
  const db = database.withTables<AlertTables>()
  return {
    async insertAlert(row) {
      await db.insertInto('check_alerts').values(row).execute()
    },
    async listAlerts(f) {
      let q = db.selectFrom('check_alerts').where('account_id', '=', f.accountId).where('created_at', '>=', f.from).where('created_at', '<', f.to)
      if (f.checkId !== undefined) q = q.where('check_id', '=', f.checkId)
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const items = await q.selectAll().orderBy('created_at', 'desc').orderBy('started_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
      return { items, total: Number(count.n) }
    },
    getState: (checkId) => db.selectFrom('alert_states').selectAll().where('check_id', '=', checkId).executeTakeFirst(),
    async getStates(checkIds) {
      const out: AlertStateRow[] = []
      for (let i = 0; i < checkIds.length; i += 500) {
        const ids = checkIds.slice(i, i + 500)
        if (ids.length > 0) out.push(...(await db.selectFrom('alert_states').selectAll().where('check_id', 'in', ids).execute()))
      }
      return out
    },
    async createState(row) {
      const res = await db
        .insertInto('alert_states')
        .values(row)
        .onConflict((oc) => oc.column('check_id').doNothing())
        .executeTakeFirst()
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
    },
    async updateState(row, expectedVersion) {
      const res = await db
        .updateTable('alert_states')
        .set({ state: row.state, next_reminder_at: row.next_reminder_at, incident_id: row.incident_id, updated_at: row.updated_at, version: expectedVersion + 1 })
        .where('check_id', '=', row.check_id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) > 0
    },
    dueReminders: (now, limit) =>
      db
        .selectFrom('alert_states')
        .select(['check_id', 'account_id'])
        .where('next_reminder_at', 'is not', null)
        .where('next_reminder_at', '<=', now)
        .orderBy('next_reminder_at')
        .limit(limit)
        .execute(),
  }
}
