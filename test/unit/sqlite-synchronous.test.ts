/**
 * SQLITE_SYNCHRONOUS: the embedded store syncs its WAL at every commit by default (an answered write survives a
 * power cut), or only at checkpoints when the operator chooses `normal`; the store opens its connection that way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config/load.js'
import { openStore, type SqliteSynchronous } from '../../src/store/db.js'

describe('SQLITE_SYNCHRONOUS', () => {
  it.each([
    { env: {}, level: 'full' },
    { env: { SQLITE_SYNCHRONOUS: 'normal' }, level: 'normal' },
    { env: { SQLITE_SYNCHRONOUS: ' FULL ' }, level: 'full' },
  ])('$env → $level', ({ env, level }) => {
    expect(loadConfig(env, { stdoutIsTty: false }).sqliteSynchronous).toBe(level)
  })

  it('refuses another value, naming the allowed ones', () => {
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' }, { stdoutIsTty: false })).toThrow(ConfigError)
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' }, { stdoutIsTty: false })).toThrow('SQLITE_SYNCHRONOUS must be one of full, normal (got "off")')
  })
})

describe('the embedded store opens with the synchronous level it is given', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'picket-sync-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  // SQLite's own numbers for the level: 1 NORMAL, 2 FULL.
  it.each<{ given: SqliteSynchronous | undefined; pragma: number }>([
    { given: undefined, pragma: 2 },
    { given: 'full', pragma: 2 },
    { given: 'normal', pragma: 1 },
  ])('$given → synchronous $pragma', async ({ given, pragma }) => {
    const store = await openStore({ sqliteFile: path.join(dir, `${String(given)}.db`), ...(given ? { sqliteSynchronous: given } : {}) })
    try {
      const row = (await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db)).rows[0]
      expect(row?.synchronous).toBe(pragma)
    } finally {
      await store.close()
    }
  })
})
