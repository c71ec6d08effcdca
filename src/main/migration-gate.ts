/**
 * MIGRATE_ON_START=off: the instance does not migrate at start and refuses to start while the database is behind
 * this version, so that a rollout whose `picket migrate` step failed or was skipped stops with a clear message.
 */
import path from 'node:path'
import type { Config } from '../config/load.js'
import { describeStore } from '../cli/migrate-report.js'
import { openStore } from '../store/db.js'
import { pendingMigrations } from '../store/migrate.js'

/** A reason not to start that is the operator's to fix: printed as a message, without a stack trace. */
export class StartRefused extends Error {
  override name = 'StartRefused'
}

export async function ensureMigrated(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'sqliteSynchronous'> & { operations: Pick<Config['operations'], 'migrateOnStart'> },
): Promise<void> {
  if (config.operations.migrateOnStart) return
  const sqliteFile = path.join(config.dataDir, 'picket.db')
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile, sqliteSynchronous: config.sqliteSynchronous })
  let pending: string[]
  try {
    pending = await pendingMigrations(store)
  } finally {
    await store.close()
  }
  if (pending.length === 0) return
  throw new StartRefused(
    `Picket did not start: the database (${describeStore(config.databaseUrl, sqliteFile)}) lacks ${pending.length} migration` +
      `${pending.length === 1 ? '' : 's'} of this version (${pending.length > 3 ? `${pending[0] ?? ''} … ${pending.at(-1) ?? ''}` : pending.join(', ')}) ` +
      'and MIGRATE_ON_START=off. ' +
      'Run "picket migrate" first (or set MIGRATE_ON_START=on).',
  )
}
