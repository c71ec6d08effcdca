/**
 * The embedded database's file settings that keep it bounded: WAL, a WAL size limit, auto_vacuum left at NONE
 * (freed pages are reused), and the passive checkpoint a retention pass ends with, taken while another connection reads.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { retentionStore } from '../../src/store/retention.js'

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
