/** Walks of parsed JSON without recursion: how deep a value nests, and where, even 100,000 levels down. */
import { describe, expect, it } from 'vitest'
import { tooDeepPath } from '../../src/lib/json-walk.js'

/** `levels` objects, each holding the next under `x`. */
const objects = (levels: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < levels; i++) v = { x: v }
  return v
}
const arrays = (levels: number): unknown => {
  let v: unknown = []
  for (let i = 1; i < levels; i++) v = [v]
  return v
}

describe('tooDeepPath', () => {
  it.each([
    ['a flat object', { a: 1, b: 'x' }, 3, null],
    ['a leaf', 'text', 1, null],
    ['objects as deep as the limit', objects(3), 3, null],
    ['objects one past the limit', objects(4), 3, 'x.x.x'],
    ['arrays one past the limit', arrays(4), 3, '[0][0][0]'],
    ['the first too deep in document order', { a: [1, { b: { c: {} } }], d: { e: { f: {} } } }, 3, 'a[1].b'],
    ['deep leaves are not nesting', { a: { b: 'x'.repeat(10) } }, 2, null],
    ['a body 100,000 levels deep', objects(100_000), 64, `x${'.x'.repeat(63)}`],
    ['a huge key is cut', { ['k'.repeat(1000)]: { a: {} } }, 2, `${'k'.repeat(300)}…`],
  ])('%s', (_what, value, limit, want) => {
    expect(tooDeepPath(value, limit)).toBe(want)
  })
})
