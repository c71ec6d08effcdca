/**
 * The embedded database's file settings that keep it bounded: WAL, a WAL size limit, auto_vacuum left at NONE
 * (freed pages are reused), and the passive checkpoint a retention pass ends with, taken while another connection reads.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { retentionStore } from '../../src/store/retention.js'
import { SAFETY_NET_AUTOCHECKPOINT_PAGES } from '../../src/store/sqlite-checkpointer.js'

describe('SQLite file settings for retention', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'picket-wal-'))
  let store: Store
  const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(store.db)).rows[0] ?? {})[0]

  beforeAll(async () => {
    store = await openStore({ sqliteFile: path.join(dir, 'picket.db') })
    await migrateToLatest(store)
  })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each<[string, unknown]>([
    ['journal_mode', 'wal'],
    ['journal_size_limit', 67_108_864],
    ['auto_vacuum', 0],
  ])('%s is %s', async (name, value) => {
    expect(await pragma(name)).toBe(value)
  })

  it('checkpoints passively, inside a read snapshot too, and leaves every row readable', async () => {
    await store.db.insertInto('accounts').values({ id: 'a1', name: 'A', created_at: 1 }).execute()
    const retention = retentionStore(store.db, 'sqlite')
    await retention.checkpoint()
    // Another process reading (here a second connection in an open read transaction) does not block it.
    const reader = new SQLite(path.join(dir, 'picket.db'))
    try {
      reader.exec('begin')
      reader.prepare('select count(*) from accounts').get()
      await store.db.insertInto('accounts').values({ id: 'a2', name: 'B', created_at: 2 }).execute()
      await retention.checkpoint()
      reader.exec('commit')
    } finally {
      reader.close()
    }
    expect(await store.db.selectFrom('accounts').select('id').orderBy('id').execute()).toEqual([{ id: 'a1' }, { id: 'a2' }])
  })
})

describe('SQLite checkpoints off the event loop', () => {
  it('a thread of its own checkpoints the WAL while the service writes; the main connection keeps only a high safety threshold', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'picket-ckpt-'))
    const file = path.join(dir, 'picket.db')
    const store = await openStore({ sqliteFile: file })
    try {
      await migrateToLatest(store)
      const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(store.db)).rows[0] ?? {})[0]
      expect(await pragma('wal_autocheckpoint')).toBe(SAFETY_NET_AUTOCHECKPOINT_PAGES)
      await new Promise((r) => setTimeout(r, 1_500)) // the migrations' pages reach the file first
      const before = statSync(file).size
      for (let i = 0; i < 200; i++)
        await store.db
          .insertInto('accounts')
          .values({ id: `a${i}`, name: 'x'.repeat(2000), created_at: i })
          .execute()
      // The ~400 KB written went to the WAL; the main connection's threshold (80 MB) is far away, so only the
      // background thread's checkpoints copy them into the database file itself.
      let grown = 0
      for (let tries = 0; tries < 50 && grown < 400_000; tries++) {
        await new Promise((r) => setTimeout(r, 100))
        grown = statSync(file).size - before
      }
      expect(grown).toBeGreaterThanOrEqual(400_000)
      expect(
        await store.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ).toEqual({ n: 200 })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
