import { describe, expect, it } from 'vitest'
import { bool, getIn, list, num, setIn, str, type Doc } from '../src/pages/check-form/draft-path'

const DOC: Doc = {
  name: 'shop',
  zero: 0,
  flag: false,
  missingValue: null,
  request: { url: 'https://example.com', method: 'GET', port: 443, basicAuth: null, headers: [{ key: 'a', value: 'b' }], followRedirects: true },
  heartbeat: { period: 5, periodUnit: 'minutes', grace: Number.NaN },
}

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

describe('getIn', () => {
  it.each<[string, unknown]>([
    ['name', 'shop'],
    ['zero', 0],
    ['flag', false],
    ['missingValue', null],
    ['request.url', 'https://example.com'],
    ['request.basicAuth', null],
    ['heartbeat.periodUnit', 'minutes'],
    ['nothing', undefined],
    ['request.nothing', undefined],
    ['nothing.deeper.still', undefined],
    ['request.basicAuth.username', undefined],
    ['name.length', undefined],
    ['zero.toFixed', undefined],
    ['request.headers[0].key', 'a'],
    ['request.headers.0.value', 'b'],
    ['request.headers[9]', undefined],
  ])('%s → %j', (path, value) => {
    expect(getIn(DOC, path)).toEqual(value)
  })

  it('returns the nested object itself', () => {
    expect(getIn(DOC, 'request')).toBe(DOC.request)
  })
})

describe('setIn', () => {
  it.each<[string, Doc, string, unknown, Doc]>([
    ['a top-level key', {}, 'name', 'x', { name: 'x' }],
    ['an existing top-level key', { name: 'a', tags: [] }, 'name', 'b', { name: 'b', tags: [] }],
    ['a nested key, keeping its siblings', { request: { url: 'u', method: 'GET' } }, 'request.url', 'v', { request: { url: 'v', method: 'GET' } }],
    ['missing objects on the way are created', { a: 1 }, 'b.c.d', 2, { a: 1, b: { c: { d: 2 } } }],
    ['null on the way becomes an object', { request: null }, 'request.url', 'v', { request: { url: 'v' } }],
    ['a string on the way becomes an object', { request: 'text' }, 'request.url', 'v', { request: { url: 'v' } }],
    ['a whole list is set as a value', { request: { headers: [] } }, 'request.headers', [{ key: 'k' }], { request: { headers: [{ key: 'k' }] } }],
    ['an object is replaced whole', { retryStrategy: { type: 'FIXED', maxRetries: 2 } }, 'retryStrategy', null, { retryStrategy: null }],
    ['undefined is set as a value', { a: { b: 1 } }, 'a.b', undefined, { a: { b: undefined } }],
    ['an item of a list, which stays a list', { a: [1, 2] }, 'a.0', 9, { a: [9, 2] }],
    [
      'a field of a list item by its API path',
      { r: { assertions: [{ target: '1' }, { target: '2' }] } },
      'r.assertions[1].target',
      '3',
      { r: { assertions: [{ target: '1' }, { target: '3' }] } },
    ],
  ])('%s', (_name, doc, path, value, expected) => {
    expect(setIn(deepFreeze(doc), path, value)).toStrictEqual(expected)
  })

  it('leaves the original untouched and shares untouched branches', () => {
    const doc = deepFreeze({ request: { url: 'u', headers: [{ key: 'a' }] }, alertSettings: { reminders: { amount: 0 } } }) as Doc
    const before = structuredClone(doc)
    const next = setIn(doc, 'request.url', 'v')
    expect(doc).toStrictEqual(before)
    expect(next).not.toBe(doc)
    expect(next.request).not.toBe(doc.request)
    expect(next.alertSettings).toBe(doc.alertSettings)
    expect((next.request as Doc).headers).toBe((doc.request as Doc).headers)
    expect(getIn(next, 'request.url')).toBe('v')
  })

  it('reads back what it wrote', () => {
    const next = setIn(setIn(DOC, 'heartbeat.grace', 3), 'request.basicAuth.username', 'me')
    expect(num(next, 'heartbeat.grace')).toBe(3)
    expect(str(next, 'request.basicAuth.username')).toBe('me')
    expect(str(next, 'request.url')).toBe('https://example.com')
  })
})

describe('str', () => {
  it.each<[string, string | undefined, string]>([
    ['name', undefined, 'shop'],
    ['request.port', undefined, '443'],
    ['zero', undefined, '0'],
    ['nothing', undefined, ''],
    ['nothing', 'minutes', 'minutes'],
    ['flag', 'x', 'x'],
    ['missingValue', 'x', 'x'],
    ['request', 'x', 'x'],
  ])('%s (fallback %j) → %j', (path, fallback, value) => {
    expect(str(DOC, path, fallback)).toBe(value)
  })
})

describe('num', () => {
  it.each<[string, number | null]>([
    ['request.port', 443],
    ['zero', 0],
    ['heartbeat.period', 5],
    ['heartbeat.grace', null],
    ['name', null],
    ['flag', null],
    ['missingValue', null],
    ['nothing', null],
  ])('%s → %j', (path, value) => {
    expect(num(DOC, path)).toBe(value)
  })

  it.each<[unknown]>([['5'], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])('%j is not a number', (value) => {
    expect(num({ n: value }, 'n')).toBeNull()
  })
})

describe('bool', () => {
  it.each<[string, boolean | undefined, boolean]>([
    ['flag', undefined, false],
    ['flag', true, false],
    ['request.followRedirects', undefined, true],
    ['nothing', undefined, false],
    ['nothing', true, true],
    ['zero', true, true],
    ['name', true, true],
    ['missingValue', true, true],
  ])('%s (fallback %j) → %j', (path, fallback, value) => {
    expect(bool(DOC, path, fallback)).toBe(value)
  })
})

describe('list', () => {
  it('returns the array itself', () => {
    expect(list(DOC, 'request.headers')).toBe((DOC.request as Doc).headers)
  })

  it.each<[string]>([['nothing'], ['name'], ['request'], ['missingValue'], ['zero']])('%s → []', (path) => {
    expect(list(DOC, path)).toEqual([])
  })
})
