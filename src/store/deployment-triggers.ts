/** Deployment triggers (table in migrations/018-test-sessions.ts). */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database } from './schema.js'
import type { DeploymentTriggerRow } from './test-session-rows.js'

export type DeploymentTrigger = Selectable<DeploymentTriggerRow>

export interface DeploymentTriggerStore {
  list(accountId: string): Promise<DeploymentTrigger[]>
  get(accountId: string, id: number): Promise<DeploymentTrigger | undefined>
  /** The account's trigger of this repository and check or group, if there is one. */
  find(accountId: string, key: { repoId: string; checkId: string | null; groupId: number | null }): Promise<DeploymentTrigger | undefined>
  insert(row: Insertable<DeploymentTriggerRow>): Promise<DeploymentTrigger>
  update(accountId: string, id: number, changes: Partial<Insertable<DeploymentTriggerRow>>): Promise<DeploymentTrigger | undefined>
}

export function deploymentTriggerStore(db: Kysely<Database>): DeploymentTriggerStore {
  const get = (accountId: string, id: number) => db.selectFrom('deployment_triggers').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
  return {
    list: (accountId) => db.selectFrom('deployment_triggers').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    get,
    find(accountId, key) {
      let q = db.selectFrom('deployment_triggers').selectAll().where('account_id', '=', accountId).where('repo_id', '=', key.repoId)
      q = key.checkId === null ? q.where('check_id', 'is', null) : q.where('check_id', '=', key.checkId)
      q = key.groupId === null ? q.where('group_id', 'is', null) : q.where('group_id', '=', key.groupId)
      return q.executeTakeFirst()
    },
    async insert(row) {
      const { id } = await db.insertInto('deployment_triggers').values(row).returning('id').executeTakeFirstOrThrow()
      return (await get(row.account_id, Number(id))) as DeploymentTrigger
    },
    async update(accountId, id, changes) {
      await db.updateTable('deployment_triggers').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute()
      return get(accountId, id)
    },
  }
}
