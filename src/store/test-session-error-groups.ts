/** Error groups of test-session results (table in migrations/018-test-sessions.ts): one per account, project and hash. */
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { TestSessionErrorGroupRow } from './test-session-rows.js'

export interface TestSessionErrorGroupChanges {
  archived_until_next_event?: number
  archived_forever?: number
  updated_at: number
}

export interface TestSessionErrorGroupStore {
  /**
   * Adds occurrences (one row per key at most): a known group takes the later last_seen and its raw message, the
   * earlier first_seen, the sum of the counts, the union of environments, and is no longer archived until its
   * next event; archived_forever is left as it is. Returns the groups as stored.
   */
  addOccurrences(rows: TestSessionErrorGroupRow[]): Promise<TestSessionErrorGroupRow[]>
  /** Newest occurrence first; archived groups left out. */
  list(f: { accountId: string; projectKey?: string | undefined; limit: number; offset: number }): Promise<TestSessionErrorGroupRow[]>
  get(accountId: string, id: string): Promise<TestSessionErrorGroupRow | undefined>
  byHashes(accountId: string, hashes: string[]): Promise<TestSessionErrorGroupRow[]>
  update(accountId: string, id: string, changes: TestSessionErrorGroupChanges): Promise<TestSessionErrorGroupRow | undefined>
}

const union = (a: string, b: string): string => JSON.stringify([...new Set([...(JSON.parse(a) as string[]), ...(JSON.parse(b) as string[])])])

export function testSessionErrorGroupStore(db: Kysely<Database>): TestSessionErrorGroupStore {
  const find = (accountId: string, projectKey: string, hash: string) =>
    db
      .selectFrom('test_session_error_groups')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('project_key', '=', projectKey)
      .where('error_hash', '=', hash)
      .executeTakeFirst()
  return {
    async addOccurrences(rows) {
      const out: TestSessionErrorGroupRow[] = []
      for (const row of rows) {
        await db
          .insertInto('test_session_error_groups')
          .values(row)
          .onConflict((oc) => oc.columns(['account_id', 'project_key', 'error_hash']).doNothing())
          .execute()
        const stored = await find(row.account_id, row.project_key, row.error_hash)
        if (!stored) continue
        if (stored.id !== row.id) {
          const later = Number(row.last_seen) >= Number(stored.last_seen)
          await db
            .updateTable('test_session_error_groups')
            .set({
              raw_error_message: later ? row.raw_error_message : stored.raw_error_message,
              last_seen: Math.max(Number(row.last_seen), Number(stored.last_seen)),
              first_seen: Math.min(Number(row.first_seen), Number(stored.first_seen)),
              occurrences: sql`occurrences + ${row.occurrences}`,
              environments: union(stored.environments, row.environments),
              archived_until_next_event: 0,
              updated_at: row.updated_at,
            })
            .where('id', '=', stored.id)
            .execute()
        }
        const fresh = await find(row.account_id, row.project_key, row.error_hash)
        if (fresh) out.push(fresh)
      }
      return out
    },
    async list(f) {
      let q = db
        .selectFrom('test_session_error_groups')
        .selectAll()
        .where('account_id', '=', f.accountId)
        .where('archived_until_next_event', '=', 0)
        .where('archived_forever', '=', 0)
      if (f.projectKey !== undefined) q = q.where('project_key', '=', f.projectKey)
      return q.orderBy('last_seen', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
    },
    get: (accountId, id) => db.selectFrom('test_session_error_groups').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),
    byHashes: (accountId, hashes) =>
      hashes.length === 0
        ? Promise.resolve([])
        : db.selectFrom('test_session_error_groups').selectAll().where('account_id', '=', accountId).where('error_hash', 'in', hashes).execute(),
    async update(accountId, id, changes) {
      const res = await db.updateTable('test_session_error_groups').set(changes).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) return undefined
      return db.selectFrom('test_session_error_groups').selectAll().where('id', '=', id).executeTakeFirst()
    },
  }
}
