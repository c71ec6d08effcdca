/**
 * Data retention removes finished subscriber e-mails (SENT, FAILURE, SKIPPED) of the status-page outbox and the
 * check alert history once they are older than the notification retention, in batches through these indexes (013
 * explains the pattern). The e-mail index leads with the status, so a batch reads old finished rows and never walks
 * past the ones still owed; check alerts had indexes by account and by check only.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('status_page_emails_status_created').on('status_page_emails').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('check_alerts_created').on('check_alerts').column('created_at').execute()
}
