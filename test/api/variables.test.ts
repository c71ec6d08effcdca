/** Account environment variables through the HTTP API. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/services/stores.js'

type Json = Record<string, unknown>

const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

describe.each(testDbs)('environment variables on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const total = async (headers?: Record<string, string>): Promise<number> => {
    const res = await t.call('GET', '/v1/variables?limit=1', undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return Number(String(res.headers['content-range']).split('/')[1])
  }
  const create = async (body: Json) => {
    const res = await t.call('POST', '/v1/variables', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const get = async (key: string) => {
    const res = await t.call('GET', `/v1/variables/${key}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Json
  }

  it('creates, reads, lists, updates and deletes a variable', async () => {
    const created = await create({ key: 'API_BASE', value: 'https://api.example.com' })
    expect(created).toEqual({ key: 'API_BASE', value: 'https://api.example.com', locked: false, secret: false, created_at: expect.any(String), updated_at: null })
    expect(isIsoDate(created.created_at)).toBe(true)
    expect(await get('API_BASE')).toEqual(created)

    const list = await t.call('GET', '/v1/variables?limit=100')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    expect(list.json()).toContainEqual(created)

    const res = await t.call('PUT', '/v1/variables/API_BASE', { value: 'https://v2.example.com', locked: true })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json()
    expect(updated).toMatchObject({ key: 'API_BASE', value: 'https://v2.example.com', locked: true, secret: false, created_at: created.created_at })
    expect(isIsoDate(updated.updated_at)).toBe(true)
    expect(await get('API_BASE')).toEqual(updated)

    const kept = await t.call('PUT', '/v1/variables/API_BASE', { value: 'third', key: 'API_BASE' })
    expect(kept.json()).toMatchObject({ value: 'third', locked: true })

    const del = await t.call('DELETE', '/v1/variables/API_BASE')
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    expect((await t.call('GET', '/v1/variables/API_BASE')).statusCode).toBe(404)
    expect((await t.call('PUT', '/v1/variables/API_BASE', { value: 'x' })).statusCode).toBe(404)
    expect((await t.call('DELETE', '/v1/variables/API_BASE')).statusCode).toBe(404)
  })

  it('stores locked and secret when given, and allows an empty value', async () => {
    expect(await create({ key: 'LOCKED_ONE', value: '', locked: true })).toMatchObject({ key: 'LOCKED_ONE', value: '', locked: true, secret: false })
  })

  it('answers 409 for a key that exists and keeps the first value', async () => {
    await create({ key: 'DUP', value: 'first' })
    const before = await total()
    const res = await t.call('POST', '/v1/variables', { key: 'DUP', value: 'second' })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
    expect(await total()).toBe(before)
    expect((await get('DUP')).value).toBe('first')
  })

  it('treats keys as case-sensitive', async () => {
    await create({ key: 'case_key', value: 'lower' })
    await create({ key: 'CASE_KEY', value: 'upper' })
    expect((await get('case_key')).value).toBe('lower')
    expect((await get('CASE_KEY')).value).toBe('upper')
  })

  it('pages the list ordered by key', async () => {
    const other = await t.otherAccount()
    for (const key of ['C', 'A', 'B']) {
      expect((await t.call('POST', '/v1/variables', { key, value: key.toLowerCase() }, other.headers)).statusCode).toBe(201)
    }
    const page = async (q: string) => {
      const res = await t.call('GET', `/v1/variables${q}`, undefined, other.headers)
      return { keys: (res.json() as Json[]).map((v) => v.key), range: res.headers['content-range'] }
    }
    expect(await page('')).toEqual({ keys: ['A', 'B', 'C'], range: '0-2/3' })
    expect(await page('?limit=2&page=2')).toEqual({ keys: ['C'], range: '2-2/3' })
    expect(await page('?limit=2&page=3')).toEqual({ keys: [], range: '*/3' })
    expect((await t.call('GET', '/v1/variables?limit=101')).statusCode).toBe(400)
  })

  describe('validation', () => {
    const cases: Array<[string, unknown, string]> = [
      ['key missing', { value: 'x' }, 'key'],
      ['value missing', { key: 'NO_VALUE' }, 'value'],
      ['key empty', { key: '', value: 'x' }, 'key'],
      ['key starting with a digit', { key: '1ABC', value: 'x' }, 'key'],
      ['key with a dash', { key: 'MY-KEY', value: 'x' }, 'key'],
      ['key with a space', { key: 'MY KEY', value: 'x' }, 'key'],
      ['key too long', { key: `K${'x'.repeat(255)}`, value: 'x' }, 'key'],
      ['value not a string', { key: 'NUM', value: 5 }, 'value'],
      ['value too long', { key: 'LONG', value: 'x'.repeat(16385) }, 'value'],
      ['locked not a boolean', { key: 'L', value: 'x', locked: 'yes' }, 'locked'],
      ['secret not a boolean', { key: 'S', value: 'x', secret: 1 }, 'secret'],
    ]
    it.each(cases)('rejects %s on create', async (_name, body, field) => {
      const before = await total()
      const res = await t.call('POST', '/v1/variables', body)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await total()).toBe(before)
    })

    const updateCases: Array<[string, Json, string]> = [
      ['a different key', { key: 'RENAMED', value: 'x' }, 'key'],
      ['no value on a plain variable', { locked: true }, 'value'],
      ['a value that is not a string', { value: 5 }, 'value'],
      ['locked not a boolean', { value: 'x', locked: 'no' }, 'locked'],
    ]
    it.each(updateCases)('rejects an update with %s and keeps the variable', async (_name, body, field) => {
      const key = `UPD_${randomBytes(4).toString('hex')}`
      const created = await create({ key, value: 'original' })
      const res = await t.call('PUT', `/v1/variables/${key}`, body)
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(key)).toEqual(created)
      expect((await t.call('GET', '/v1/variables/RENAMED')).statusCode).toBe(404)
    })
  })

  describe('secrets', () => {
    it('never returns a secret value, from any endpoint', async () => {
      const secret = randomBytes(24).toString('hex')
      const replaced = randomBytes(24).toString('hex')
      const key = 'TOP_SECRET'
      const bodies: string[] = []
      const post = await t.call('POST', '/v1/variables', { key, value: secret, secret: true })
      expect(post.statusCode, post.body).toBe(201)
      bodies.push(post.body)
      expect(post.json()).toMatchObject({ key, value: null, secret: true, locked: false })
      const one = await t.call('GET', `/v1/variables/${key}`)
      bodies.push(one.body)
      expect(one.json()).toMatchObject({ key, value: null, secret: true })
      const list = await t.call('GET', '/v1/variables?limit=100')
      bodies.push(list.body)
      expect((list.json() as Json[]).find((v) => v.key === key)).toMatchObject({ value: null, secret: true })
      const put = await t.call('PUT', `/v1/variables/${key}`, { value: replaced, locked: true })
      expect(put.statusCode, put.body).toBe(200)
      bodies.push(put.body)
      expect(put.json()).toMatchObject({ key, value: null, locked: true, secret: true })
      const after = await t.call('GET', `/v1/variables/${key}`)
      bodies.push(after.body)

      // No response holds the value, nor any 6-character piece of it.
      for (const value of [secret, replaced]) {
        for (let i = 0; i + 6 <= value.length; i++) {
          const piece = value.slice(i, i + 6)
          for (const body of bodies) expect(body.includes(piece), `"${piece}" leaked`).toBe(false)
        }
      }
      // The value stays stored for checks.
      const stored = await buildStores(t.store).variables.get(t.accountId, key)
      expect(stored?.value).toBe(replaced)
    })

    it('cannot turn secret off, and keeps the stored value when a PUT leaves it out', async () => {
      await create({ key: 'ONE_WAY', value: 'hidden-value', secret: true })
      const off = await t.call('PUT', '/v1/variables/ONE_WAY', { value: 'x', secret: false })
      expect(off.statusCode, off.body).toBe(400)
      expect(Object.keys(off.json().attributes)).toContain('secret')
      const stores = buildStores(t.store)
      expect((await stores.variables.get(t.accountId, 'ONE_WAY'))?.value).toBe('hidden-value')

      const res = await t.call('PUT', '/v1/variables/ONE_WAY', { locked: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ value: null, locked: true, secret: true })
      expect((await stores.variables.get(t.accountId, 'ONE_WAY'))?.value).toBe('hidden-value')

      const again = await t.call('PUT', '/v1/variables/ONE_WAY', { secret: true })
      expect(again.statusCode, again.body).toBe(200)
    })

    it('turns a plain variable into a secret, keeping its value when none is given', async () => {
      await create({ key: 'BECOMES_SECRET', value: 'plain-value' })
      const res = await t.call('PUT', '/v1/variables/BECOMES_SECRET', { secret: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ value: null, secret: true })
      expect(res.body).not.toContain('plain-value')
      expect((await buildStores(t.store).variables.get(t.accountId, 'BECOMES_SECRET'))?.value).toBe('plain-value')
    })
  })

  it('answers 404 for unknown and malformed keys', async () => {
    for (const key of ['NOPE', 'not-a-key', '%20', 'x'.repeat(300)]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { value: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.call(method, `/v1/variables/${key}`, body)
        expect(res.statusCode, `${method} ${key}`).toBe(404)
      }
    }
  })

  it('keeps accounts apart', async () => {
    await create({ key: 'MINE', value: 'mine' })
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) => t.call(method, url, body, other.headers)
    expect((await as('GET', '/v1/variables/MINE')).statusCode).toBe(404)
    expect((await as('PUT', '/v1/variables/MINE', { value: 'theirs' })).statusCode).toBe(404)
    expect((await as('DELETE', '/v1/variables/MINE')).statusCode).toBe(404)
    expect((await as('GET', '/v1/variables?limit=100')).json()).toEqual([])
    expect(await total(other.headers)).toBe(0)
    // The same key in another account is a different variable.
    const theirs = await as('POST', '/v1/variables', { key: 'MINE', value: 'theirs' })
    expect(theirs.statusCode, theirs.body).toBe(201)
    expect((await get('MINE')).value).toBe('mine')
  })
})
