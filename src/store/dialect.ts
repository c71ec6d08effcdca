/** The few places where SQLite and PostgreSQL differ. */
import { sql, type CreateTableBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { Dialect } from './db.js'

/** An auto-incrementing integer primary key named id. */
export function autoIdColumn<T extends string>(builder: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Case-sensitive "haystack contains needle". */
export function containsText(dialect: Dialect, haystack: Expression<string | null>, needle: string): RawBuilder<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0` : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`)
