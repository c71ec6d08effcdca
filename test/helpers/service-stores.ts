/**
 * The databases a test of service processes runs on: the embedded SQLite default always, and PostgreSQL (a database
 * of its own per service, dropped by dropServiceDatabases) when TEST_DATABASE_URL is set.
 */
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js'

export interface ServiceStore {
  name: 'sqlite' | 'postgres'
  /** What the service's environment needs for this store (DATABASE_URL for PostgreSQL; nothing for SQLite). */
  env(): Promise<Record<string, string>>
}

const databases: ScratchDatabase[] = []

export function serviceStores(prefix: string): ServiceStore[] {
  const server = process.env.TEST_DATABASE_URL
  return [
    { name: 'sqlite', env: async () => ({}) },
    ...(server
      ? [
          {
            name: 'postgres' as const,
            env: async () => {
              const db = await createScratchDatabase(server, prefix)
              databases.push(db)
              return { DATABASE_URL: db.url }
            },
          },
        ]
      : []),
  ]
}

/** Drops the databases made so far (in afterAll, after the services stopped). */
export async function dropServiceDatabases(): Promise<void> {
  for (const db of databases.splice(0)) await db.drop()
}
