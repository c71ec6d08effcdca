import { describe, expect, it } from 'vitest'
import { isStoreUnavailable } from '../../src/lib/store-unavailable.js'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isStoreUnavailable', () => {
  it.each([
    [withCode('ECONNREFUSED'), true],
    [withCode('57P01', 'terminating connection due to administrator command'), true],
    [withCode('08006'), true],
    [withCode('SQLITE_BUSY', 'database is locked'), true],
    [new Error('Connection terminated unexpectedly'), true],
    [new Error('timeout exceeded when trying to connect'), true],
    [new AggregateError([withCode('ECONNREFUSED')], 'connect failed'), true],
    [Object.assign(new Error('wrapped'), { cause: withCode('ECONNRESET') }), true],
    [withCode('23505', 'duplicate key value violates unique constraint'), false],
    [withCode('42P01', 'relation does not exist'), false],
    [new Error('boom'), false],
    ['ECONNREFUSED', false],
    [null, false],
  ])('%s → %s', (err, want) => {
    expect(isStoreUnavailable(err)).toBe(want)
  })
})
