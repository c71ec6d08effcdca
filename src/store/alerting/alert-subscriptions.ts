/** Which checks and groups are subscribed to which alert channels. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import { inTransaction } from '../dialect.js'

export interface Subscription {
  channelId: number
  checkId: string | null
  groupId: number | null
  activated: boolean
}

export type SubscriptionTarget = { checkId: string } | { groupId: number }

export interface AlertSubscriptionStore {
  /** Sets (insert or update) the subscription of one check or group to one channel. */
  upsert(accountId: string, s: Subscription): Promise<void>
  /** Replaces every subscription of a check or group with the given list. */
  replaceFor(accountId: string, target: SubscriptionTarget, list: Array<{ channelId: number; activated: boolean }>): Promise<void>
  listFor(accountId: string, target: SubscriptionTarget): Promise<Subscription[]>
  listForChannel(accountId: string, channelId: number): Promise<Subscription[]>
  /**
   * Subscriptions of these checks and groups, of any account, in one statement (alerts of a batch spanning accounts;
   * check ids and group ids are unique across accounts).
   */
  listForTargets(checkIds: string[], groupIds: number[]): Promise<Subscription[]>
  /** Subscriptions of many checks at once (list responses). */
  listForChecks(accountId: string, checkIds: string[]): Promise<Subscription[]>
}

export function alertSubscriptionStore(db: Kysely<Database>): AlertSubscriptionStore {
  const targetOf = (t: SubscriptionTarget) => ('checkId' in t ? { check_id: t.checkId, group_id: null } : { check_id: null, group_id: t.groupId })
  const toSub = (r: { channel_id: number; check_id: string | null; group_id: number | null; activated: number }): Subscription => ({
    channelId: Number(r.channel_id),
    checkId: r.check_id,
    groupId: r.group_id === null ? null : Number(r.group_id),
    activated: r.activated === 1,
  })
  return {
    async upsert(accountId, s) {
      await inTransaction(db, async (trx) => {
        let del = trx.deleteFrom('alert_subscriptions').where('account_id', '=', accountId).where('channel_id', '=', s.channelId)
        del = s.checkId !== null ? del.where('check_id', '=', s.checkId) : del.where('group_id', '=', s.groupId)
        await del.execute()
        await trx
          .insertInto('alert_subscriptions')
          .values({ account_id: accountId, channel_id: s.channelId, check_id: s.checkId, group_id: s.groupId, activated: s.activated ? 1 : 0 })
          .execute()
      })
    },
    async replaceFor(accountId, target, list) {
      const t = targetOf(target)
      await inTransaction(db, async (trx) => {
        let del = trx.deleteFrom('alert_subscriptions').where('account_id', '=', accountId)
        del = t.check_id !== null ? del.where('check_id', '=', t.check_id) : del.where('group_id', '=', t.group_id)
        await del.execute()
        const unique = new Map(list.map((s) => [s.channelId, s.activated]))
        if (unique.size > 0) {
          await trx
            .insertInto('alert_subscriptions')
            .values([...unique].map(([channelId, activated]) => ({ account_id: accountId, channel_id: channelId, ...t, activated: activated ? 1 : 0 })))
            .execute()
        }
      })
    },
    async listFor(accountId, target) {
      const t = targetOf(target)
      let q = db.selectFrom('alert_subscriptions').selectAll().where('account_id', '=', accountId)
      q = t.check_id !== null ? q.where('check_id', '=', t.check_id) : q.where('group_id', '=', t.group_id)
      return (await q.orderBy('channel_id').execute()).map(toSub)
    },
    async listForChecks(accountId, checkIds) {
      if (checkIds.length === 0) return []
      const rows = await db.selectFrom('alert_subscriptions').selectAll().where('account_id', '=', accountId).where('check_id', 'in', checkIds).execute()
      return rows.map(toSub)
    },
    async listForTargets(checkIds, groupIds) {
      const checks = [...new Set(checkIds)]
      const groups = [...new Set(groupIds)]
      if (checks.length === 0 && groups.length === 0) return []
      const rows = await db
        .selectFrom('alert_subscriptions')
        .selectAll()
        .where((eb) => eb.or([...(checks.length > 0 ? [eb('check_id', 'in', checks)] : []), ...(groups.length > 0 ? [eb('group_id', 'in', groups)] : [])]))
        .orderBy('channel_id')
        .execute()
      return rows.map(toSub)
    },
    async listForChannel(accountId, channelId) {
      const rows = await db.selectFrom('alert_subscriptions').selectAll().where('account_id', '=', accountId).where('channel_id', '=', channelId).orderBy('id').execute()
      return rows.map(toSub)
    },
  }
}
