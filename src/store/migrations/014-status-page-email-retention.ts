/**
 * Data retention removes finished subscriber e-mails (SENT, FAILURE, SKIPPED) of the status-page outbox once they
 * are older than the notification retention, in batches through this index (013 explains the pattern): it leads
 * with the status, so a batch reads old finished rows and never walks past the ones still owed.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('status_page_emails_status_created').on('status_page_emails').columns(['status', 'created_at']).execute()
}
