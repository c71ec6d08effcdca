import { describe, expect, it } from 'vitest'
import { findJsonSyntaxError } from '../../src/lib/json-syntax.js'

describe('findJsonSyntaxError', () => {
  it.each([
    ['{"a": 1,}', 8, 1, 9, "unexpected '}', expected a property name in double quotes"],
    ['{"a" 1}', 5, 1, 6, "unexpected '1', expected ':' after the property name"],
    ['{"a":1}}', 7, 1, 8, "unexpected '}', expected nothing more after the JSON value"],
    ['[1,2\n,3,]', 8, 2, 4, "unexpected ']', expected a value (object, array, string, number, true, false or null)"],
    ['abc', 0, 1, 1, "unexpected 'a', expected a value (object, array, string, number, true, false or null)"],
    ['{"a":', 5, 1, 6, 'the text ends where a value (object, array, string, number, true, false or null) was expected'],
    ['"abc', 4, 1, 5, 'the text ends inside a string'],
    ['{"x":"a\u0001"}', 7, 1, 8, 'control character U+0001 inside a string (escape it)'],
    ['{"x":"\\q"}', 7, 1, 8, "'q' cannot follow a backslash in a string"],
    ['{"x":"\\u12G4"}', 10, 1, 11, 'a \\u escape needs four hexadecimal digits'],
    ['[01]', 2, 1, 3, "unexpected '1', expected ',' or ']'"],
    ['[1.]', 3, 1, 4, "unexpected ']', expected a digit after the decimal point"],
    ['[1e]', 3, 1, 4, "unexpected ']', expected a digit in the exponent"],
    ['[-]', 2, 1, 3, "unexpected ']', expected a digit"],
    ['tru', 0, 1, 1, "unexpected 't', expected a value (object, array, string, number, true, false or null)"],
    ['{\n  "a": [1, 2\n  "b": 3\n}', 17, 3, 3, "unexpected '\"', expected ',' or ']'"],
    ['', 0, 1, 1, 'the text ends where a value (object, array, string, number, true, false or null) was expected'],
  ])('%j', (text, position, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow()
    expect(findJsonSyntaxError(text)).toEqual({ position, line, column, reason })
  })

  it.each(['{}', '[]', '0', '-0.5e+10', '"\\u00e9\\n"', ' {"a":[true,false,null,{"b":[]}]} ', '[[[[1]]]]'])('accepts %j', (text) => {
    expect(findJsonSyntaxError(text)).toBeNull()
  })

  it('copes with very deep nesting without recursion', () => {
    const deep = `${'['.repeat(200_000)}1${']'.repeat(199_999)}`
    expect(findJsonSyntaxError(deep)).toMatchObject({ position: deep.length, reason: "the text ends where ',' or ']' was expected" })
  })
})
