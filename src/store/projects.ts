/**
 * Projects of monitoring as code and their bindings: which resource each (kind, logical id) of a project
 * is, with the hashes of the payload fields it was last deployed with.
 */
import type { Kysely } from 'kysely'
import { newId } from '../lib/ids.js'
import type { Dialect } from './db.js'
import type { Database } from './schema.js'

export interface ProjectRow {
  id: string
  account_id: string
  logical_id: string
  name: string
  created_at: number
  updated_at: number
}

export interface ProjectResourceRow {
  project_id: string
  kind: string
  logical_id: string
  /** The resource's id in the API as text (integer ids too; a variable's key). */
  resource_id: string
  /** JSON object: top-level payload field → SHA-256 of its canonical JSON. */
  field_hashes: string
  created_at: number
  updated_at: number
}

export interface ProjectRecord {
  id: string
  accountId: string
  logicalId: string
  name: string
  createdAt: number
  updatedAt: number
}

export interface BindingRecord {
  kind: string
  logicalId: string
  resourceId: string
  fieldHashes: Record<string, string>
  createdAt: number
  updatedAt: number
}

export interface ProjectStore {
  /** The project, locked until the transaction ends on PostgreSQL when `lock` is set (SQLite serializes writers). */
  find(accountId: string, logicalId: string, options?: { lock?: boolean }): Promise<ProjectRecord | undefined>
  /** The project, created when missing (a concurrent first deploy creates it once), then as `find` with `lock`. */
  findOrCreate(accountId: string, logicalId: string, name: string, at: number): Promise<ProjectRecord>
  rename(projectId: string, name: string, at: number): Promise<void>
  touch(projectId: string, at: number): Promise<void>
  /** The account's projects, oldest first, each with its number of bound resources. */
  list(accountId: string, limit: number, offset: number): Promise<{ items: Array<ProjectRecord & { resources: number }>; total: number }>
  /** Deletes the project and (by cascade) its bindings. */
  delete(projectId: string): Promise<void>
  bindings(projectId: string): Promise<BindingRecord[]>
  /** Creates or replaces the binding of (kind, logicalId) as written at `at`; created_at is kept on replace. */
  bind(projectId: string, binding: Omit<BindingRecord, 'createdAt' | 'updatedAt'>, at: number): Promise<void>
  unbind(projectId: string, kind: string, logicalId: string): Promise<void>
  /** The project and logical id of each of these resources of the account that a project deployed, by resource id. */
  ownersOf(accountId: string, kind: string, resourceIds: string[]): Promise<Map<string, ResourceOwner>>
}

export interface ResourceOwner {
  logicalId: string
  project: { id: string; logicalId: string; name: string }
}

type Tables = { projects: ProjectRow; project_resources: ProjectResourceRow }

const fromRow = (r: ProjectRow): ProjectRecord => ({
  id: r.id,
  accountId: r.account_id,
  logicalId: r.logical_id,
  name: r.name,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
})

const parseHashes = (text: string): Record<string, string> => {
  const value = JSON.parse(text) as unknown
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {}
}

export function projectStore(database: Kysely<Database>, dialect: Dialect): ProjectStore {
  const db = database.withTables<Tables>()
  const find: ProjectStore['find'] = async (accountId, logicalId, options) => {
    let q = db.selectFrom('projects').selectAll().where('account_id', '=', accountId).where('logical_id', '=', logicalId)
    if (options?.lock && dialect === 'postgres') q = q.forUpdate()
    const row = await q.executeTakeFirst()
    return row ? fromRow(row) : undefined
  }
  return {
    find,
    async findOrCreate(accountId, logicalId, name, at) {
      await db
        .insertInto('projects')
        .values({ id: newId(), account_id: accountId, logical_id: logicalId, name, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'logical_id']).doNothing())
        .execute()
      const project = await find(accountId, logicalId, { lock: true })
      if (!project) throw new Error(`project ${logicalId} vanished while it was being deployed`)
      return project
    },
    async rename(projectId, name, at) {
      await db.updateTable('projects').set({ name, updated_at: at }).where('id', '=', projectId).execute()
    },
    async touch(projectId, at) {
      await db.updateTable('projects').set({ updated_at: at }).where('id', '=', projectId).execute()
    },
    async list(accountId, limit, offset) {
      const count = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
      const rows = await db
        .selectFrom('projects')
        .selectAll('projects')
        .select((eb) =>
          eb
            .selectFrom('project_resources')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('project_resources.project_id', '=', 'projects.id')
            .as('resources'),
        )
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute()
      return { items: rows.map((r) => ({ ...fromRow(r), resources: Number(r.resources ?? 0) })), total: Number(count.n) }
    },
    async delete(projectId) {
      await db.deleteFrom('projects').where('id', '=', projectId).execute()
    },
    async bindings(projectId) {
      const rows = await db.selectFrom('project_resources').selectAll().where('project_id', '=', projectId).orderBy('kind').orderBy('logical_id').execute()
      return rows.map((r) => ({
        kind: r.kind,
        logicalId: r.logical_id,
        resourceId: r.resource_id,
        fieldHashes: parseHashes(r.field_hashes),
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
      }))
    },
    async bind(projectId, b, at) {
      const hashes = JSON.stringify(b.fieldHashes)
      await db
        .insertInto('project_resources')
        .values({ project_id: projectId, kind: b.kind, logical_id: b.logicalId, resource_id: b.resourceId, field_hashes: hashes, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['project_id', 'kind', 'logical_id']).doUpdateSet({ resource_id: b.resourceId, field_hashes: hashes, updated_at: at }))
        .execute()
    },
    async ownersOf(accountId, kind, resourceIds) {
      const owners = new Map<string, ResourceOwner>()
      for (let i = 0; i < resourceIds.length; i += 500) {
        const rows = await db
          .selectFrom('project_resources as r')
          .innerJoin('projects as p', 'p.id', 'r.project_id')
          .select(['r.resource_id', 'r.logical_id', 'p.id as project_id', 'p.logical_id as project_logical_id', 'p.name as project_name'])
          .where('p.account_id', '=', accountId)
          .where('r.kind', '=', kind)
          .where('r.resource_id', 'in', resourceIds.slice(i, i + 500))
          .orderBy('p.created_at')
          .execute()
        // A resource bound by several projects (not made by deploys, which create their own): the oldest project.
        for (const row of rows) {
          if (!owners.has(row.resource_id))
            owners.set(row.resource_id, { logicalId: row.logical_id, project: { id: row.project_id, logicalId: row.project_logical_id, name: row.project_name } })
        }
      }
      return owners
    },
    async unbind(projectId, kind, logicalId) {
      await db.deleteFrom('project_resources').where('project_id', '=', projectId).where('kind', '=', kind).where('logical_id', '=', logicalId).execute()
    },
  }
}
