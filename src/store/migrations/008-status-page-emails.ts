/**
 * Status page e-mails: the public tokens of subscribers become indexed columns (a link finds its
 * subscriber without an account), and status_page_emails is the outbox of the verification and incident e-mails.
 * Existing subscribers get an unsubscribe token here, so every e-mail can carry a working unsubscribe link.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

type SubscriptionRow = { id: string; doc: string }

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('status_page_subscriptions').addColumn('verification_token', 'text').execute()
  await db.schema.alterTable('status_page_subscriptions').addColumn('unsubscribe_token', 'text').execute()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the typed schema exists
  const any = db as unknown as Kysely<any>
  const rows = (await any.selectFrom('status_page_subscriptions').select(['id', 'doc']).execute()) as SubscriptionRow[]
  for (const row of rows) {
    const doc = JSON.parse(row.doc) as Record<string, unknown>
    const unsubscribeToken = randomBytes(24).toString('base64url')
    const verificationToken = typeof doc.verificationToken === 'string' ? doc.verificationToken : null
    await any
      .updateTable('status_page_subscriptions')
      .set({ doc: JSON.stringify({ ...doc, unsubscribeToken }), verification_token: verificationToken, unsubscribe_token: unsubscribeToken })
      .where('id', '=', row.id)
      .execute()
  }
  await db.schema.createIndex('status_page_subscriptions_verify').on('status_page_subscriptions').column('verification_token').unique().execute()
  await db.schema.createIndex('status_page_subscriptions_unsubscribe').on('status_page_subscriptions').column('unsubscribe_token').unique().execute()

  await db.schema
    .createTable('status_page_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status_page_id', 'text', (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    // No foreign key: the row outlives an unsubscribe (it is then skipped), and its address keeps the throttle.
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    /** Lower-cased address (the throttle of verification e-mails is per page and address). */
    .addColumn('address', 'text', (c) => c.notNull())
    /** VERIFY | INCIDENT */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** PENDING | IN_PROGRESS | SENT | FAILURE | SKIPPED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('leased_by', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    /** JSON: the rendered message (subject, text, html, unsubscribeUrl). */
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute()
  await db.schema.createIndex('status_page_emails_due').on('status_page_emails').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('status_page_emails_lease').on('status_page_emails').columns(['status', 'lease_until']).execute()
  await db.schema.createIndex('status_page_emails_throttle').on('status_page_emails').columns(['status_page_id', 'address', 'kind', 'created_at']).execute()
}
