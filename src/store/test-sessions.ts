/** Test sessions and their runs (tables in migrations/018-test-sessions.ts). */
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { TestSessionRow, TestSessionRunRow } from './test-session-rows.js'
import type { ProjectResourceRow, ProjectRow } from './projects.js'

export interface TestSessionFilter {
  accountId: string
  /** Epoch ms bounds of created_at: from inclusive, to exclusive. */
  from?: number | undefined
  to?: number | undefined
  statuses?: string[] | undefined
  providers?: string[] | undefined
  branches?: string[] | undefined
  /** Sessions started by one of these users (the invoker, or the commit owner). */
  users?: string[] | undefined
  /** Also sessions with neither an invoker nor a commit owner, when users are named. */
  noUsers?: boolean | undefined
  /** Case-insensitive substring of the name, branch, commit message or environment. */
  textSearch?: string | undefined
  /** Only these sessions (those an error group was seen in). */
  ids?: string[] | undefined
  /** The id of the last session of the previous page (newest first). */
  after?: { createdAt: number; id: string } | undefined
  limit: number
}

export interface TestSessionStore {
  insert(session: TestSessionRow, runs: TestSessionRunRow[]): Promise<void>
  insertRuns(runs: TestSessionRunRow[]): Promise<void>
  get(accountId: string, id: string): Promise<TestSessionRow | undefined>
  /** Newest first. */
  list(f: TestSessionFilter): Promise<TestSessionRow[]>
  setStatus(id: string, status: string, stoppedAt: number | null, now: number): Promise<void>
  /** Removes a session and its runs (they go with it); the check sessions and results of its runs stay. */
  remove(accountId: string, id: string): Promise<void>
  updateRun(id: string, changes: Partial<Omit<TestSessionRunRow, 'id' | 'test_session_id' | 'account_id'>>): Promise<void>
  runs(testSessionId: string): Promise<TestSessionRunRow[]>
  run(accountId: string, testSessionId: string, runId: string): Promise<TestSessionRunRow | undefined>
  /** The runs of test sessions among these check sessions (results of other sessions are not test results). */
  runsOfCheckSessions(checkSessionIds: string[]): Promise<TestSessionRunRow[]>
  /** The sessions a run of which is in this error group. */
  sessionsWithErrorGroup(accountId: string, errorGroupId: string): Promise<string[]>
  /** The project of monitoring as code that deployed one of these checks, if any did. */
  projectOfChecks(accountId: string, checkIds: string[]): Promise<string | null>
}

const CHUNK = 500

export function testSessionStore(db: Kysely<Database>): TestSessionStore {
  async function insertRuns(runs: TestSessionRunRow[]): Promise<void> {
    for (let i = 0; i < runs.length; i += CHUNK)
      await db
        .insertInto('test_session_runs')
        .values(runs.slice(i, i + CHUNK))
        .execute()
  }
  return {
    insertRuns,
    async insert(session, runs) {
      await db.insertInto('test_sessions').values(session).execute()
      await insertRuns(runs)
    },
    get: (accountId, id) => db.selectFrom('test_sessions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),
    async list(f) {
      let q = db.selectFrom('test_sessions').selectAll().where('account_id', '=', f.accountId)
      if (f.from !== undefined) q = q.where('created_at', '>=', f.from)
      if (f.to !== undefined) q = q.where('created_at', '<', f.to)
      if (f.statuses && f.statuses.length > 0) q = q.where('status', 'in', f.statuses)
      if (f.providers && f.providers.length > 0) q = q.where('provider', 'in', f.providers)
      if (f.ids) q = f.ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('id', 'in', f.ids)
      if (f.after) {
        const { createdAt, id } = f.after
        q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]))
      }
      // Branch, user and text filters read the metadata document: applied to a generous window, then cut to the page.
      const needsDoc = (f.branches?.length ?? 0) > 0 || (f.users?.length ?? 0) > 0 || f.textSearch !== undefined
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(needsDoc ? f.limit * 20 : f.limit)
        .execute()
      return needsDoc ? rows.filter((r) => matchesDocFilters(r, f)).slice(0, f.limit) : rows
    },
    async setStatus(id, status, stoppedAt, now) {
      await db.updateTable('test_sessions').set({ status, stopped_at: stoppedAt, updated_at: now }).where('id', '=', id).execute()
    },
    async remove(accountId, id) {
      // Runs first, by their own key: SQLite cascades only where foreign keys are switched on.
      await db.deleteFrom('test_session_runs').where('account_id', '=', accountId).where('test_session_id', '=', id).execute()
      await db.deleteFrom('test_sessions').where('account_id', '=', accountId).where('id', '=', id).execute()
    },
    async updateRun(id, changes) {
      await db.updateTable('test_session_runs').set(changes).where('id', '=', id).execute()
    },
    runs: (testSessionId) => db.selectFrom('test_session_runs').selectAll().where('test_session_id', '=', testSessionId).orderBy('created_at').orderBy('id').execute(),
    run: (accountId, testSessionId, runId) =>
      db.selectFrom('test_session_runs').selectAll().where('account_id', '=', accountId).where('test_session_id', '=', testSessionId).where('id', '=', runId).executeTakeFirst(),
    async sessionsWithErrorGroup(accountId, errorGroupId) {
      const rows = await db
        .selectFrom('test_session_runs')
        .select('test_session_id')
        .distinct()
        .where('account_id', '=', accountId)
        .where('error_group_id', '=', errorGroupId)
        .execute()
      return rows.map((r) => r.test_session_id)
    },
    async projectOfChecks(accountId, checkIds) {
      if (checkIds.length === 0) return null
      const row = await db
        .withTables<{ projects: ProjectRow; project_resources: ProjectResourceRow }>()
        .selectFrom('project_resources')
        .innerJoin('projects', 'projects.id', 'project_resources.project_id')
        .select('projects.id')
        .where('projects.account_id', '=', accountId)
        .where('project_resources.kind', '=', 'check')
        .where('project_resources.resource_id', 'in', checkIds.slice(0, CHUNK))
        .orderBy('projects.id')
        .executeTakeFirst()
      return row?.id ?? null
    },
    async runsOfCheckSessions(checkSessionIds) {
      const out: TestSessionRunRow[] = []
      for (let i = 0; i < checkSessionIds.length; i += CHUNK) {
        const ids = checkSessionIds.slice(i, i + CHUNK)
        out.push(...(await db.selectFrom('test_session_runs').selectAll().where('check_session_id', 'in', ids).execute()))
      }
      return out
    },
  }
}

/** The filters on the metadata document (pure). */
export function matchesDocFilters(row: TestSessionRow, f: Pick<TestSessionFilter, 'branches' | 'users' | 'noUsers' | 'textSearch'>): boolean {
  const meta = JSON.parse(row.metadata) as Record<string, unknown>
  const text = (k: string) => (typeof meta[k] === 'string' ? (meta[k] as string) : null)
  if (f.branches && f.branches.length > 0 && !f.branches.includes(text('branchName') ?? '')) return false
  if (f.users && f.users.length > 0) {
    const people = [row.invoker, text('commitOwner')].filter((p): p is string => p !== null)
    const noOne = people.length === 0
    if (!(people.some((p) => f.users?.includes(p)) || (f.noUsers === true && noOne))) return false
  }
  if (f.textSearch !== undefined) {
    const needle = f.textSearch.toLowerCase()
    const hay = [row.name, text('branchName'), text('commitMessage'), text('environment')].filter((s): s is string => s !== null)
    if (!hay.some((h) => h.toLowerCase().includes(needle))) return false
  }
  return true
}
