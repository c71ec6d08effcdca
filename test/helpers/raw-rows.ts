/** Every row of every table of a store as text: what someone reading the database directly would see. */
import { sql } from 'kysely'
import type { Store } from '../../src/store/db.js'

export async function dumpAllRows(store: Store): Promise<string> {
  const tables =
    store.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(store.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(store.db)
  const out: string[] = []
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(store.db)
    for (const row of rows.rows) out.push(`${name}: ${Object.values(row).map(String).join(' | ')}`)
  }
  return out.join('\n')
}
