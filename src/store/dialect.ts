/** The few places where SQLite and PostgreSQL differ. */
import { sql, type CreateTableBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Dialect } from './db.js'

/** An auto-incrementing integer primary key named id. */
export function autoIdColumn<T extends string>(builder: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres' ? builder.addColumn('id', 'serial', (c) => c.primaryKey()) : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Case-sensitive "haystack contains needle". */
export function containsText(dialect: Dialect, haystack: Expression<string | null>, needle: string): RawBuilder<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0` : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** True when a write failed on a unique constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { code?: unknown; message?: unknown }
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  )
}

/** Runs work in a transaction, joining the caller's when there is one (Kysely does not nest transactions). */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
