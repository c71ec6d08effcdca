/**
 * Deleting a check, a group or a user cascades through every table that references it: each such foreign key must
 * be indexed by its column (an index whose first column it is), or every delete reads the whole referencing table.
 * Keys to accounts are exempt: an account is removed once, whole. Read from the migrated schema of each database.
 */
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Store } from '../../src/store/db.js'
import { testDbs } from '../helpers/db.js'

interface ForeignKey {
  table: string
  column: string
  references: string
  indexed: boolean
}

async function postgresKeys(db: Kysely<unknown>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select rel.relname as "table", a.attname as "column", ref.relname as "references",
           exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
      from pg_constraint c
      join pg_class rel on rel.oid = c.conrelid
      join pg_class ref on ref.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and rel.relnamespace = current_schema()::regnamespace`.execute(db)
  return rows
}

async function sqliteKeys(db: Kysely<unknown>): Promise<ForeignKey[]> {
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
  const out: ForeignKey[] = []
  for (const { name } of tables) {
    const { rows: leading } = await sql<{ column: string }>`
      select ii.name as "column" from pragma_index_list(${name}) il join pragma_index_info(il.name) ii where ii.seqno = 0`.execute(db)
    const first = new Set(leading.map((l) => l.column))
    const { rows: keys } = await sql<{ from: string; table: string }>`select "from", "table" from pragma_foreign_key_list(${name})`.execute(db)
    for (const k of keys) out.push({ table: name, column: k.from, references: k.table, indexed: first.has(k.from) })
  }
  return out
}

describe.each(testDbs)('foreign keys on $name', (t) => {
  let store: Store
  beforeAll(async () => {
    store = await t.open()
  })
  afterAll(() => store.close())

  it('indexes every key that a routine delete cascades through', async () => {
    const db = store.db as unknown as Kysely<unknown>
    const keys = await (t.name === 'postgres' ? postgresKeys(db) : sqliteKeys(db))
    expect(keys.filter((k) => k.references === 'checks').length).toBeGreaterThan(5)
    const unindexed = keys.filter((k) => !k.indexed && k.references !== 'accounts').map((k) => `${k.table}.${k.column} -> ${k.references}`)
    expect(unindexed).toEqual([])
  })
})
