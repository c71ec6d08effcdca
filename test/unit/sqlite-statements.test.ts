import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { cachedStatements } from '../../src/store/sqlite-statements.js'

describe('SQLite statement cache', () => {
  const open = (max: number) => {
    const raw = new SQLite(':memory:')
    let prepared = 0
    const counting = { close: () => raw.close(), prepare: (sql: string) => (prepared++, raw.prepare(sql)) }
    return { db: cachedStatements(counting, max), prepared: () => prepared }
  }

  it('prepares a text once and reuses the statement, with its results still right', () => {
    const { db, prepared } = open(10)
    db.prepare('create table t (n integer)').run([])
    for (let i = 0; i < 5; i++) db.prepare('insert into t (n) values (?)').run([i])
    expect(db.prepare('select sum(n) as s from t').all([])).toEqual([{ s: 10 }])
    expect(prepared()).toBe(3)
    db.close()
  })

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const { db, prepared } = open(2)
    db.prepare('select 1').all([])
    db.prepare('select 2').all([])
    db.prepare('select 1').all([]) // used again: now the most recent
    db.prepare('select 3').all([]) // evicts 'select 2'
    expect(prepared()).toBe(3)
    db.prepare('select 1').all([])
    expect(prepared()).toBe(3)
    db.prepare('select 2').all([])
    expect(prepared()).toBe(4)
    db.close()
  })
})
