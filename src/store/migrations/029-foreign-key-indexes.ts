/**
 * Every foreign key that a routine delete follows (a check, a group, a user removed) is indexed by its column: the
 * database finds the rows that cascade through the index instead of reading the whole referencing table on each
 * delete. Keys to accounts stay unindexed where no other query needs them: an account is removed once, whole.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('deployment_triggers_check').on('deployment_triggers').column('check_id').execute()
  await db.schema.createIndex('deployment_triggers_group').on('deployment_triggers').column('group_id').execute()
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute()
  await db.schema.createIndex('invitations_inviter').on('invitations').column('inviter_user_id').execute()
}
