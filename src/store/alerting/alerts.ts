/** Alert state per check and the check alerts it raised (tables in migrations/005-alert-tables.ts). */
import { sql, type Kysely } from 'kysely'
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

/** A state to write: created when `expectedVersion` is null, else updated only while the row is at that version. */
export type StateWrite = Omit<AlertStateRow, 'version'> & { expectedVersion: number | null }

// Rows per statement, so that no statement passes SQLite's parameter limit (999 on old builds).
const ALERT_ROWS = 50
const STATE_ROWS = 100

export interface AlertStore {
  insertAlert(row: CheckAlertRow): Promise<void>
  /** Many alerts in one statement (the alerts of a batch of results). */
  insertAlerts(rows: CheckAlertRow[]): Promise<void>
  /** Newest first. */
  listAlerts(f: AlertListFilter): Promise<{ items: CheckAlertRow[]; total: number }>
  getState(checkId: string): Promise<AlertStateRow | undefined>
  /** The state rows of these checks (those that have one). */
  getStates(checkIds: string[]): Promise<AlertStateRow[]>
  /** Creates the state row; false when another writer created it first. */
  createState(row: AlertStateRow): Promise<boolean>
  /** Writes the state if it is still at `expectedVersion` (the row's version becomes expectedVersion + 1). */
  updateState(row: Omit<AlertStateRow, 'version'>, expectedVersion: number): Promise<boolean>
  /**
   * Creates or updates many states in one statement, each under the same rule as createState and updateState: a
   * creation only where no row exists, an update only while the row is at its expected version. Returns the checks
   * whose state was written; a check missing from it had its row written by someone else meanwhile.
   */
  writeStates(rows: StateWrite[]): Promise<Set<string>>
  /** Checks whose next reminder is due, soonest first. */
  dueReminders(now: number, limit: number): Promise<Array<{ check_id: string; account_id: string }>>
}

export function alertStore(database: Kysely<Database>): AlertStore {
  const db = database.withTables<AlertTables>()
  return {
    async insertAlert(row) {
      await db.insertInto('check_alerts').values(row).execute()
    },
    async insertAlerts(rows) {
      for (let i = 0; i < rows.length; i += ALERT_ROWS)
        await db
          .insertInto('check_alerts')
          .values(rows.slice(i, i + ALERT_ROWS))
          .execute()
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
    async writeStates(rows) {
      const written = new Set<string>()
      // In check order, so that two writers of overlapping batches take the row locks in the same order.
      const sorted = [...rows].sort((a, b) => (a.check_id < b.check_id ? -1 : a.check_id > b.check_id ? 1 : 0))
      for (let i = 0; i < sorted.length; i += STATE_ROWS) {
        // The inserted version is the one the row must hold afterwards: 0 for a creation, expected + 1 for an
        // update. On conflict the update applies only while the stored version is one less, which a creation (-1)
        // never matches; on PostgreSQL a concurrent writer waits for the row lock, then compares the committed row.
        const values = sorted.slice(i, i + STATE_ROWS).map(({ expectedVersion, ...row }) => ({ ...row, version: expectedVersion === null ? 0 : expectedVersion + 1 }))
        const res = await db
          .insertInto('alert_states')
          .values(values)
          .onConflict((oc) =>
            oc
              .column('check_id')
              .doUpdateSet((eb) => ({
                state: eb.ref('excluded.state'),
                next_reminder_at: eb.ref('excluded.next_reminder_at'),
                incident_id: eb.ref('excluded.incident_id'),
                updated_at: eb.ref('excluded.updated_at'),
                version: eb.ref('excluded.version'),
              }))
              .where(sql<boolean>`alert_states.version = excluded.version - 1`),
          )
          .returning('check_id')
          .execute()
        for (const r of res) written.add(r.check_id)
      }
      return written
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
