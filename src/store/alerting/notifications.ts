/**
 * The notification outbox: one row per alert and channel, with delivery attempts. A row is leased by one instance
 * (IN_PROGRESS until lease_until) while it is sent; a lease that expires (its holder died mid-send) puts it back
 * in the queue, so a notification is never lost and is sent twice only when an instance dies between sending and
 * recording the outcome. The channel config copied into a payload keeps its secrets sealed (store/secrets).
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import type { Database } from '../schema.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { sealedJson } from '../secrets/sealed-docs.js'

export const NOTIFICATION_STATUSES = ['PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'RATE_LIMITED'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

export interface NotificationRow {
  id: string
  account_id: string
  alert_id: string
  check_id: string
  channel_id: number
  channel_type: string
  status: NotificationStatus
  attempts: number
  next_attempt_at: number | null
  leased_by: string | null
  lease_until: number | null
  last_error: string | null
  response_status: number | null
  result: string | null
  payload: string
  created_at: number
  sent_at: number | null
}

type NotificationTables = {
  alert_notifications: NotificationRow
}

export interface NotificationLease {
  now: number
  limit: number
  leasedBy: string
  leaseUntil: number
}

export interface AttemptOutcome {
  responseStatus: number | null
  result: string | null
}

export interface FailedAttempt extends AttemptOutcome {
  error: string
  /** null: give up (FAILURE); otherwise when to try again, as PENDING or RATE_LIMITED. */
  retryAt: number | null
  rateLimited: boolean
}

export interface NotificationFilter {
  accountId: string
  from: number
  to: number
  channelId?: number | undefined
  checkId?: string | undefined
  hasFailures?: boolean | undefined
  limit: number
  offset: number
}

export interface NotificationStore {
  /** Queues rows; a row for an alert and channel that already has one is skipped. Returns how many were added. */
  insertMany(rows: NotificationRow[]): Promise<number>
  /** Due rows (PENDING or RATE_LIMITED, next attempt reached) become IN_PROGRESS for this holder; attempts + 1. */
  lease(req: NotificationLease): Promise<NotificationRow[]>
  markSuccess(id: string, leasedBy: string, at: number, outcome: AttemptOutcome): Promise<boolean>
  markFailure(id: string, leasedBy: string, failure: FailedAttempt): Promise<boolean>
  /** IN_PROGRESS rows whose lease expired go back to PENDING (or FAILURE after maxAttempts); returns how many. */
  reapExpired(now: number, maxAttempts: number): Promise<number>
  list(filter: NotificationFilter): Promise<{ items: NotificationRow[]; total: number }>
  get(accountId: string, id: string): Promise<NotificationRow | undefined>
}

const INSERT_CHUNK = 200

const toRow = (r: NotificationRow, openPayload: (text: string) => string): NotificationRow => ({
  ...r,
  payload: openPayload(r.payload),
  channel_id: Number(r.channel_id),
  attempts: Number(r.attempts),
  next_attempt_at: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
  lease_until: r.lease_until === null ? null : Number(r.lease_until),
  response_status: r.response_status === null ? null : Number(r.response_status),
  created_at: Number(r.created_at),
  sent_at: r.sent_at === null ? null : Number(r.sent_at),
})

export function notificationStore(database: Kysely<Database>, dialect: Dialect, box: SecretBox): NotificationStore {
  const db = database.withTables<NotificationTables>()
  const payloads = sealedJson(box, 'notificationPayload')
  const fromRow = (r: NotificationRow): NotificationRow => toRow(r, payloads.decode)
  const held = (id: string, leasedBy: string) => db.updateTable('alert_notifications').where('id', '=', id).where('status', '=', 'IN_PROGRESS').where('leased_by', '=', leasedBy)
  return {
    async insertMany(rows) {
      let added = 0
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const r = await db
          .insertInto('alert_notifications')
          .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, payload: payloads.encode(r.payload) })))
          .onConflict((oc) => oc.columns(['alert_id', 'channel_id']).doNothing())
          .executeTakeFirst()
        added += Number(r.numInsertedOrUpdatedRows ?? 0)
      }
      return added
    },
    async lease(req) {
      let pick = db
        .selectFrom('alert_notifications')
        .select('id')
        .where('status', 'in', ['PENDING', 'RATE_LIMITED'])
        .where('next_attempt_at', '<=', req.now)
        .orderBy('next_attempt_at')
        .limit(req.limit)
      if (dialect === 'postgres') pick = pick.forUpdate().skipLocked()
      const rows = await db
        .updateTable('alert_notifications')
        .set((eb) => ({ status: 'IN_PROGRESS', leased_by: req.leasedBy, lease_until: req.leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', pick)
        .where('status', 'in', ['PENDING', 'RATE_LIMITED'])
        .returningAll()
        .execute()
      return rows.map(fromRow).sort((a, b) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0))
    },
    async markSuccess(id, leasedBy, at, outcome) {
      const r = await held(id, leasedBy)
        .set({
          status: 'SUCCESS',
          sent_at: at,
          next_attempt_at: null,
          leased_by: null,
          lease_until: null,
          last_error: null,
          response_status: outcome.responseStatus,
          result: outcome.result,
        })
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async markFailure(id, leasedBy, f) {
      const status: NotificationStatus = f.retryAt === null ? 'FAILURE' : f.rateLimited ? 'RATE_LIMITED' : 'PENDING'
      const r = await held(id, leasedBy)
        .set({ status, next_attempt_at: f.retryAt, leased_by: null, lease_until: null, last_error: f.error, response_status: f.responseStatus, result: f.result })
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async reapExpired(now, maxAttempts) {
      const expired = db.updateTable('alert_notifications').where('status', '=', 'IN_PROGRESS').where('lease_until', '<', now)
      const given = await expired
        .where('attempts', '>=', maxAttempts)
        .set({
          status: 'FAILURE',
          next_attempt_at: null,
          leased_by: null,
          lease_until: null,
          last_error: 'delivery interrupted: the sending instance stopped before recording the outcome',
        })
        .executeTakeFirst()
      const back = await expired.where('attempts', '<', maxAttempts).set({ status: 'PENDING', next_attempt_at: now, leased_by: null, lease_until: null }).executeTakeFirst()
      return Number(given.numUpdatedRows) + Number(back.numUpdatedRows)
    },
    async list(f) {
      let q = db.selectFrom('alert_notifications').where('account_id', '=', f.accountId).where('created_at', '>=', f.from).where('created_at', '<', f.to)
      if (f.channelId !== undefined) q = q.where('channel_id', '=', f.channelId)
      if (f.checkId !== undefined) q = q.where('check_id', '=', f.checkId)
      if (f.hasFailures !== undefined) q = q.where('status', f.hasFailures ? '=' : '<>', 'FAILURE')
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
      return { items: rows.map(fromRow), total: Number(count.n) }
    },
    async get(accountId, id) {
      const row = await db.selectFrom('alert_notifications').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
  }
}
