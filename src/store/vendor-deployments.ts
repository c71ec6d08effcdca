/** Deployments recorded for the hosted service's own CLI (table in migrations/022-vendor-deployments.ts). */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

export interface VendorDeploymentRow {
  id: string
  account_id: string
  project_logical_id: string
  operation: string
  status: string
  result: string | null
  error: string | null
  created_at: number
  finished_at: number | null
}

export interface VendorDeploymentRecord {
  id: string
  accountId: string
  projectLogicalId: string
  operation: 'DEPLOY' | 'DESTROY'
  status: 'SUCCEEDED' | 'FAILED' | 'CANCELLED'
  result: unknown
  error: { message: string } | null
  createdAt: number
  finishedAt: number | null
}

export interface VendorDeploymentStore {
  insert(record: VendorDeploymentRecord): Promise<void>
  /** The deployment of this project of the account, if there is one. */
  get(accountId: string, projectLogicalId: string, id: string): Promise<VendorDeploymentRecord | undefined>
}

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown))

const fromRow = (r: VendorDeploymentRow): VendorDeploymentRecord => ({
  id: r.id,
  accountId: r.account_id,
  projectLogicalId: r.project_logical_id,
  operation: r.operation === 'DESTROY' ? 'DESTROY' : 'DEPLOY',
  status: r.status === 'FAILED' ? 'FAILED' : r.status === 'CANCELLED' ? 'CANCELLED' : 'SUCCEEDED',
  result: parse(r.result),
  error: parse(r.error) as VendorDeploymentRecord['error'],
  createdAt: Number(r.created_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
})

export function vendorDeploymentStore(database: Kysely<Database>): VendorDeploymentStore {
  const db = database.withTables<{ vendor_deployments: VendorDeploymentRow }>()
  return {
    async insert(d) {
      await db
        .insertInto('vendor_deployments')
        .values({
          id: d.id,
          account_id: d.accountId,
          project_logical_id: d.projectLogicalId,
          operation: d.operation,
          status: d.status,
          result: d.result === null || d.result === undefined ? null : JSON.stringify(d.result),
          error: d.error === null ? null : JSON.stringify(d.error),
          created_at: d.createdAt,
          finished_at: d.finishedAt,
        })
        .execute()
    },
    async get(accountId, projectLogicalId, id) {
      const row = await db
        .selectFrom('vendor_deployments')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('project_logical_id', '=', projectLogicalId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
  }
}
