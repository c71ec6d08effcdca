/** Tables of alerting. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { createSslTables } from './005-ssl-tables.js'
import { createAlertTables } from './005-alert-tables.js'
import { createNotificationTables } from './005-notification-tables.js'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createAlertTables(db, dialect)
  await createSslTables(db, dialect)
  await createNotificationTables(db, dialect)
}
