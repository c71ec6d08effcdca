/** Root-cause analyses (table in migrations/027-root-cause-analyses.ts): written PENDING, then completed or failed. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

export type RcaStatus = 'PENDING' | 'COMPLETED' | 'FAILED'

export interface RootCauseAnalysisRow {
  id: string
  account_id: string
  error_group_id: string | null
  test_session_error_group_id: string | null
  check_id: string | null
  check_type: string
  status: RcaStatus
  user_context: string | null
  provider: string
  model: string
  /** JSON of the analysis, once completed. */
  analysis: string | null
  error_message: string | null
  duration_ms: number | null
  created_at: number
  completed_at: number | null
}

// A type alias (not an interface), so that it satisfies withTables' index-signature constraint.
type RcaTables = { root_cause_analyses: RootCauseAnalysisRow }

export interface RcaOutcome {
  status: Exclude<RcaStatus, 'PENDING'>
  analysis: string | null
  error_message: string | null
  duration_ms: number
  completed_at: number
}

export interface RootCauseAnalysisStore {
  insert(row: RootCauseAnalysisRow): Promise<void>
  get(accountId: string, id: string): Promise<RootCauseAnalysisRow | undefined>
  /** Records the outcome of a PENDING analysis; false when it is gone (its group or account was removed) or done. */
  complete(id: string, outcome: RcaOutcome): Promise<boolean>
  /** The completed analyses of these error groups (either kind), oldest first: one statement for any number of groups. */
  completedOfGroups(accountId: string, kind: 'check' | 'testSession', groupIds: string[]): Promise<RootCauseAnalysisRow[]>
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v))
// bigint columns come back as strings from pg.
const fromDb = (r: RootCauseAnalysisRow): RootCauseAnalysisRow => ({ ...r, duration_ms: num(r.duration_ms), created_at: Number(r.created_at), completed_at: num(r.completed_at) })

export function rootCauseAnalysisStore(database: Kysely<Database>): RootCauseAnalysisStore {
  const db = database.withTables<RcaTables>()
  return {
    async insert(row) {
      await db.insertInto('root_cause_analyses').values(row).execute()
    },
    async get(accountId, id) {
      const row = await db.selectFrom('root_cause_analyses').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      return row ? fromDb(row) : undefined
    },
    async complete(id, outcome) {
      const r = await db.updateTable('root_cause_analyses').set(outcome).where('id', '=', id).where('status', '=', 'PENDING').executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async completedOfGroups(accountId, kind, groupIds) {
      if (groupIds.length === 0) return []
      const column = kind === 'check' ? 'error_group_id' : 'test_session_error_group_id'
      const rows = await db
        .selectFrom('root_cause_analyses')
        .selectAll()
        .where(column, 'in', groupIds)
        .where('account_id', '=', accountId)
        .where('status', '=', 'COMPLETED')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(fromDb)
    },
  }
}
