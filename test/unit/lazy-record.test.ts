/**
 * Stores bound to a transaction are made on first read: each once, none that is not read, and the record still
 * reads, enumerates and spreads like a plain one, without being writable.
 */
import { describe, expect, it } from 'vitest'
import { lazyRecord } from '../../src/lib/lazy-record.js'

function counted() {
  const made: string[] = []
  const record = lazyRecord<{ a: { name: string }; b: { name: string }; c: number }>({
    a: () => (made.push('a'), { name: 'a' }),
    b: () => (made.push('b'), { name: 'b' }),
    c: () => (made.push('c'), 3),
  })
  return { made, record }
}

describe('lazyRecord', () => {
  it('makes a property on its first read only, and keeps it', () => {
    const { made, record } = counted()
    expect(made).toEqual([])
    const first = record.a
    expect(record.a).toBe(first)
    expect(made).toEqual(['a'])
  })

  it.each([
    ['Object.keys', (r: object) => Object.keys(r), ['a', 'b', 'c']],
    ['a spread', (r: object) => ({ ...r }), { a: { name: 'a' }, b: { name: 'b' }, c: 3 }],
    ['the in operator', (r: object) => ['a' in r, 'z' in r], [true, false]],
    ['an unknown key', (r: object) => (r as Record<string, unknown>).z, undefined],
  ])('answers %s like a plain record', (_name, read, expected) => {
    expect(read(counted().record)).toEqual(expected)
  })

  it('refuses writes', () => {
    const { record } = counted()
    expect(() => Object.assign(record, { c: 4 })).toThrow(TypeError)
    expect(record.c).toBe(3)
  })
})
