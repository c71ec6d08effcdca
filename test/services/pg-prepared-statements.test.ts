/**
 * The PostgreSQL store names its statements, so each connection parses and plans a query once (store/pg-prepared.ts):
 * a query run again on a connection reuses its prepared statement; transaction control and statements of many
 * parameters are not prepared; and a statement whose table gained a column under it (another instance migrated)
 * still answers, unnamed from then on.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Store } from '../../src/store/db.js'
import { MAX_PARAMETERS } from '../../src/store/pg-prepared.js'
import { testDbs } from '../helpers/db.js'

const postgres = testDbs.find((d) => d.name === 'postgres')

describe.skipIf(!postgres)('prepared statements on PostgreSQL', () => {
  let store: Store
  beforeAll(async () => {
    store = await (postgres ?? { open: () => Promise.reject(new Error('no PostgreSQL')) }).open()
    await sql`create table prepared_probe (id text primary key, name text not null)`.execute(store.db)
    await sql`insert into prepared_probe values ('a', 'first')`.execute(store.db)
  })
  afterAll(() => store.close())

  const probe = (db: Store['db']) =>
    db
      .selectFrom('prepared_probe' as never)
      .selectAll()
      .where('id' as never, '=', 'a' as never)
      .execute()

  it('parses a query once per connection and runs it again from its prepared statement', async () => {
    const kept = await store.db.connection().execute(async (conn) => {
      await probe(conn)
      await probe(conn)
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like 'select * from "prepared_probe"%'`.execute(conn)
      return rows[0]?.n
    })
    expect(kept).toBe(1)
  })

  it('does not prepare a statement of many parameters (a batch write has a text per batch size)', async () => {
    const ids = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => `id-${i}`)
    const kept = await store.db.connection().execute(async (conn) => {
      for (let i = 0; i < 2; i++)
        await conn
          .selectFrom('prepared_probe' as never)
          .selectAll()
          .where('id' as never, 'in', ids as never)
          .execute()
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like 'select * from "prepared_probe" where "id" in%'`.execute(
        conn,
      )
      return rows[0]?.n
    })
    expect(kept).toBe(0)
  })

  it('does not prepare transaction control', async () => {
    const names = await store.db.transaction().execute(async (trx) => {
      await probe(trx)
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)
      return rows.map((r) => r.statement.trim().toLowerCase())
    })
    expect(names.some((s) => s.startsWith('begin') || s.startsWith('commit'))).toBe(false)
  })

  it('still answers a prepared select * after its table gains a column', async () => {
    await store.db.connection().execute(async (conn) => {
      expect(await probe(conn)).toEqual([{ id: 'a', name: 'first' }])
      await sql`alter table prepared_probe add column extra text`.execute(conn)
      expect(await probe(conn)).toEqual([{ id: 'a', name: 'first', extra: null }])
      expect(await probe(conn)).toEqual([{ id: 'a', name: 'first', extra: null }])
    })
  })
})
