import { describe, expect, it } from 'vitest'
import { nulPath } from '../../src/api/nul-guard.js'

describe('nulPath', () => {
  it.each([
    [{ name: 'ok', tags: ['a', 'b'] }, null],
    ['a\u0000b', 'body'],
    [{ name: 'a\u0000' }, 'name'],
    [
      {
        request: {
          headers: [
            { key: 'X', value: 'ok' },
            { key: 'Y', value: '\u0000' },
          ],
        },
      },
      'request.headers[1].value',
    ],
    [{ 'bad\u0000key': 1 }, 'bad\u0000key'],
    [[1, 2, ['\u0000']], '[2][0]'],
    [null, null],
    [42, null],
  ])('%j → %s', (value, want) => {
    expect(nulPath(value)).toBe(want)
  })
})
