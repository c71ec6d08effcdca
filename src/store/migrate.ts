/** The schema migrations: applied at start (or by `picket migrate`), in order. */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely'
import type { Store } from './db.js'
import * as m001 from './migrations/001-initial.js'
import * as m002 from './migrations/002-resources.js'
import * as m003 from './migrations/003-engine.js'
import * as m004 from './migrations/004-heartbeats.js'
import * as m005 from './migrations/005-alerting.js'
import * as m006 from './migrations/006-error-groups.js'
import * as m007 from './migrations/007-analytics.js'
import * as m008 from './migrations/008-status-page-emails.js'
import * as m009 from './migrations/009-analytics-days.js'
import * as m010 from './migrations/010-users.js'
import * as m011 from './migrations/011-private-location-agents.js'
import * as m012 from './migrations/012-private-location-availability.js'
import * as m013 from './migrations/013-retention-indexes.js'
import * as m014 from './migrations/014-outbox-and-alert-retention.js'
import * as m015 from './migrations/015-projects.js'
import * as m016 from './migrations/016-sealed-secrets.js'
import * as m017 from './migrations/017-maintenances.js'
import * as m018 from './migrations/018-test-sessions.js'
import * as m019 from './migrations/019-client-certificates.js'
import * as m020 from './migrations/020-run-overrides.js'
import * as m021 from './migrations/021-run-aborts.js'
import * as m022 from './migrations/022-vendor-deployments.js'
import * as m023 from './migrations/023-code-bundles.js'
import * as m024 from './migrations/024-run-skips.js'
import * as m025 from './migrations/025-engine-indexes.js'
import * as m026 from './migrations/026-api-indexes.js'
import * as m027 from './migrations/027-root-cause-analyses.js'
import * as m028 from './migrations/028-check-type-extras.js'
import * as m029 from './migrations/029-foreign-key-indexes.js'

type DialectMigration = { up: (db: Parameters<Migration['up']>[0], dialect: Store['dialect']) => Promise<void> }

const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': m001,
  '002-resources': m002,
  '003-engine': m003,
  '004-heartbeats': m004,
  '005-alerting': m005,
  '006-error-groups': m006,
  '007-analytics': m007,
  '008-status-page-emails': m008,
  '009-analytics-days': m009,
  '010-users': m010,
  '011-private-location-agents': m011,
  '012-private-location-availability': m012,
  '013-retention-indexes': m013,
  '014-outbox-and-alert-retention': m014,
  '015-projects': m015,
  '016-sealed-secrets': m016,
  '017-maintenances': m017,
  '018-test-sessions': m018,
  '019-client-certificates': m019,
  '020-run-overrides': m020,
  '021-run-aborts': m021,
  '022-vendor-deployments': m022,
  '023-code-bundles': m023,
  '024-run-skips': m024,
  '025-engine-indexes': m025,
  '026-api-indexes': m026,
  '027-root-cause-analyses': m027,
  '028-check-type-extras': m028,
  '029-foreign-key-indexes': m029,
}

/** Kysely's migrator over this code's migrations, with its bookkeeping tables in the store's own schema. */
async function migratorOf(store: Store): Promise<Migrator> {
  const provider: MigrationProvider = {
    getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db) => m.up(db, store.dialect) } satisfies Migration])),
  }
  // On PostgreSQL the bookkeeping tables live in the connection's own schema: Kysely would otherwise find another
  // schema's kysely_migration table on the search path (e.g. another test run's) and skip creating its own.
  const migrationTableSchema = store.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]?.s : undefined
  return new Migrator({ db: store.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) })
}

/** Runs every migration not yet applied, in order; returns the names of those it applied (none: up to date). */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const migrator = await migratorOf(store)
  // Up to date (every start but the first after an upgrade): return before Kysely's migration lock, which on
  // PostgreSQL is a session-level advisory lock that a transaction-mode pooler (PgBouncer) can leave held on one
  // of its server connections, blocking later migrations (docs/operations.md).
  if ((await migrator.getMigrations()).every((m) => m.executedAt !== undefined)) return []
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** The migrations of this code the database has not applied yet, in order (read only: nothing is created). */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const migrations = await (await migratorOf(store)).getMigrations()
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name)
}
