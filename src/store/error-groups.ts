/** Error groups (table in migrations/006-error-groups.ts): one per check and hash of a cleaned error message. */
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'

export interface ErrorGroupRow {
  id: string
  account_id: string
  check_id: string
  error_hash: string
  cleaned_error_message: string
  /** The message of the latest occurrence. */
  raw_error_message: string | null
  first_seen: number
  last_seen: number
  occurrences: number
  archived_until_next_event: number
  archived_forever: number
  created_at: number
  updated_at: number
}

// A type alias (not an interface), so that it satisfies withTables' index-signature constraint.
type ErrorGroupTables = { error_groups: ErrorGroupRow }

export interface ErrorGroupFilter {
  accountId: string
  checkId?: string | undefined
  /** Also archived groups (both kinds); by default they are left out. */
  includeArchived: boolean
  limit: number
  offset: number
}

export interface ErrorGroupChanges {
  archived_until_next_event?: number
  archived_forever?: number
  updated_at: number
}

export interface ErrorGroupStore {
  /**
   * Adds a batch's occurrences, one statement per 500 groups. Rows carry (check_id, error_hash) at most once each;
   * `occurrences` is how many the batch saw. A known group takes the later last_seen (and that occurrence's raw
   * message), the earlier first_seen, the sum of the counts, and is no longer archived until its next event;
   * archived_forever is left as it is.
   */
  addOccurrences(rows: ErrorGroupRow[]): Promise<void>
  /** Those of these check ids that still exist. */
  existingChecks(checkIds: string[]): Promise<Set<string>>
  /** Newest occurrence first. */
  list(f: ErrorGroupFilter): Promise<{ items: ErrorGroupRow[]; total: number }>
  get(accountId: string, id: string): Promise<ErrorGroupRow | undefined>
  /** The updated row, or undefined when the account has no such group. */
  update(accountId: string, id: string, changes: ErrorGroupChanges): Promise<ErrorGroupRow | undefined>
}

const CHUNK = 500
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export function errorGroupStore(database: Kysely<Database>): ErrorGroupStore {
  const db = database.withTables<ErrorGroupTables>()
  return {
    async addOccurrences(rows) {
      // One order for every writer, so that two instances upserting the same groups on PostgreSQL never deadlock.
      const sorted = [...rows].sort((a, b) => (a.check_id === b.check_id ? cmp(a.error_hash, b.error_hash) : cmp(a.check_id, b.check_id)))
      for (let i = 0; i < sorted.length; i += CHUNK) {
        await db
          .insertInto('error_groups')
          .values(sorted.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(['check_id', 'error_hash']).doUpdateSet({
              // Every expression reads the row as it was before this update, on both databases.
              raw_error_message: sql`case when excluded.last_seen >= error_groups.last_seen then excluded.raw_error_message else error_groups.raw_error_message end`,
              last_seen: sql`case when excluded.last_seen > error_groups.last_seen then excluded.last_seen else error_groups.last_seen end`,
              first_seen: sql`case when excluded.first_seen < error_groups.first_seen then excluded.first_seen else error_groups.first_seen end`,
              occurrences: sql`error_groups.occurrences + excluded.occurrences`,
              archived_until_next_event: 0,
              updated_at: sql`excluded.updated_at`,
            }),
          )
          .execute()
      }
    },
    async existingChecks(checkIds) {
      const found = new Set<string>()
      for (let i = 0; i < checkIds.length; i += CHUNK) {
        const ids = checkIds.slice(i, i + CHUNK)
        const rows = await database.selectFrom('checks').select('id').where('id', 'in', ids).execute()
        for (const r of rows) found.add(r.id)
      }
      return found
    },
    async list(f) {
      let q = db.selectFrom('error_groups').where('account_id', '=', f.accountId)
      if (f.checkId !== undefined) q = q.where('check_id', '=', f.checkId)
      if (!f.includeArchived) q = q.where('archived_until_next_event', '=', 0).where('archived_forever', '=', 0)
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const items = await q.selectAll().orderBy('last_seen', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
      return { items, total: Number(count.n) }
    },
    get: (accountId, id) => db.selectFrom('error_groups').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst(),
    async update(accountId, id, changes) {
      const res = await db.updateTable('error_groups').set(changes).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) return undefined
      return db.selectFrom('error_groups').selectAll().where('id', '=', id).executeTakeFirst()
    },
  }
}
