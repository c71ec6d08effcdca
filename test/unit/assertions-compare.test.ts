import { describe, expect, it } from 'vitest'
import { asNumber, compareValue } from '../../src/domain/assertions/index.js'

type Row = [comparison: string, actual: unknown, target: string, passed: boolean]

const rows: Row[] = [
  ['EQUALS', 200, '200', true],
  ['EQUALS', '200', '200.0', true],
  ['EQUALS', 'abc', 'abc', true],
  ['EQUALS', 'abc', 'ABC', false],
  ['EQUALS', true, 'true', true],
  ['EQUALS', null, 'null', true],
  ['EQUALS', { a: 1 }, '{"a":1}', true],
  ['NOT_EQUALS', 404, '200', true],
  ['NOT_EQUALS', 'x', 'x', false],
  ['HAS_KEY', { a: 1, b: null }, 'b', true],
  ['HAS_KEY', { a: 1 }, 'c', false],
  ['HAS_KEY', ['x', 'y'], '1', true],
  ['HAS_KEY', 'text', 'length', false],
  ['NOT_HAS_KEY', { a: 1 }, 'c', true],
  ['NOT_HAS_KEY', { a: 1 }, 'a', false],
  ['HAS_VALUE', { a: 1, b: 'two' }, 'two', true],
  ['HAS_VALUE', [1, 2, 3], '2', true],
  ['HAS_VALUE', { a: 1 }, '2', false],
  ['NOT_HAS_VALUE', { a: 1 }, '2', true],
  ['NOT_HAS_VALUE', [1, 2], '1', false],
  ['IS_EMPTY', '', '', true],
  ['IS_EMPTY', [], '', true],
  ['IS_EMPTY', {}, '', true],
  ['IS_EMPTY', undefined, '', true],
  ['IS_EMPTY', null, '', true],
  ['IS_EMPTY', 'x', '', false],
  ['IS_EMPTY', 0, '', false],
  ['NOT_EMPTY', [1], '', true],
  ['NOT_EMPTY', '', '', false],
  ['GREATER_THAN', 201, '200', true],
  ['GREATER_THAN', '10', '9', true],
  ['GREATER_THAN', 200, '200', false],
  ['LESS_THAN', 99.5, '100', true],
  ['LESS_THAN', 100, '100', false],
  ['CONTAINS', 'hello world', 'lo wo', true],
  ['CONTAINS', 'hello', 'bye', false],
  ['CONTAINS', ['a', 'b'], 'b', true],
  ['CONTAINS', ['ab'], 'a', false],
  ['CONTAINS', 12345, '234', true],
  ['NOT_CONTAINS', 'hello', 'bye', true],
  ['NOT_CONTAINS', 'hello', 'ell', false],
  ['IS_NULL', null, '', true],
  ['IS_NULL', undefined, '', true],
  ['IS_NULL', 0, '', false],
  ['NOT_NULL', 'x', '', true],
  ['NOT_NULL', null, '', false],
]

describe('compareValue', () => {
  it.each(rows)('%s %j vs %j → %s', (comparison, actual, target, passed) => {
    expect(compareValue(comparison, actual, target).passed).toBe(passed)
  })

  it('fails numeric comparisons of non-numbers with an error', () => {
    expect(compareValue('GREATER_THAN', 'abc', '1')).toEqual({ passed: false, error: 'value "abc" is not a number' })
    expect(compareValue('LESS_THAN', 1, 'x')).toEqual({ passed: false, error: 'target "x" is not a number' })
  })

  it('fails an unknown comparison with an error', () => {
    expect(compareValue('MATCHES', 'a', 'a')).toEqual({ passed: false, error: 'unknown comparison MATCHES' })
  })
})

describe('asNumber', () => {
  it.each([
    [42, 42],
    [' 7 ', 7],
    ['1e3', 1000],
    ['', null],
    ['12px', null],
    [true, null],
    [Number.NaN, null],
  ])('%j → %j', (input, expected) => {
    expect(asNumber(input)).toBe(expected)
  })
})
