/** Setup/teardown snippets through the HTTP API, and the references checks and groups hold to them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>

const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

describe.each(testDbs)('snippets on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const total = async (headers?: Record<string, string>): Promise<number> => {
    const res = await t.call('GET', '/v1/snippets?limit=1', undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return Number(String(res.headers['content-range']).split('/')[1])
  }
  const create = async (body: Json = { name: 'Auth header', script: "request.headers['X-Auth'] = 'x'" }) => {
    const res = await t.call('POST', '/v1/snippets', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const get = async (url: string) => {
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Json
  }

  it('creates, reads, lists, replaces and deletes a snippet', async () => {
    const created = await create({ name: 'Setup', script: 'console.log(1)', id: 77, colour: 'blue' })
    expect(created).toEqual({ id: expect.any(Number), name: 'Setup', script: 'console.log(1)', created_at: expect.any(String), updated_at: null })
    expect(created.id).not.toBe(77)
    expect(isIsoDate(created.created_at)).toBe(true)
    const url = `/v1/snippets/${String(created.id)}`
    expect(await get(url)).toEqual(created)

    const list = await t.call('GET', '/v1/snippets?limit=100')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    expect(list.json()).toContainEqual(created)

    const res = await t.call('PUT', url, { name: 'Setup v2', script: 'console.log(2)' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json()
    expect(updated).toMatchObject({ id: created.id, name: 'Setup v2', script: 'console.log(2)', created_at: created.created_at })
    expect(isIsoDate(updated.updated_at)).toBe(true)
    expect(await get(url)).toEqual(updated)

    const del = await t.call('DELETE', url)
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x', script: 'y' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await t.call(method, url, body)).statusCode, method).toBe(404)
    }
  })

  it('pages the list in creation order', async () => {
    const other = await t.otherAccount()
    for (const name of ['one', 'two', 'three']) {
      expect((await t.call('POST', '/v1/snippets', { name, script: 'x' }, other.headers)).statusCode).toBe(201)
    }
    const page = async (q: string) => {
      const res = await t.call('GET', `/v1/snippets${q}`, undefined, other.headers)
      return { names: (res.json() as Json[]).map((s) => s.name), range: res.headers['content-range'] }
    }
    expect(await page('')).toEqual({ names: ['one', 'two', 'three'], range: '0-2/3' })
    expect(await page('?limit=2&page=2')).toEqual({ names: ['three'], range: '2-2/3' })
    expect(await page('?limit=2&page=5')).toEqual({ names: [], range: '*/3' })
    expect((await t.call('GET', '/v1/snippets?page=0')).statusCode).toBe(400)
  })

  it('accepts a script of exactly 512 KiB', async () => {
    const res = await t.call('POST', '/v1/snippets', { name: 'Big', script: 'x'.repeat(512 * 1024) })
    // The default body limit (1 MiB) leaves room for the largest script.
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201)
  })

  describe('validation', () => {
    const cases: Array<[string, unknown, string]> = [
      ['name missing', { script: 'x' }, 'name'],
      ['script missing', { name: 'x' }, 'script'],
      ['name empty', { name: '', script: 'x' }, 'name'],
      ['name blank', { name: '  ', script: 'x' }, 'name'],
      ['name too long', { name: 'x'.repeat(256), script: 'x' }, 'name'],
      ['name not a string', { name: 5, script: 'x' }, 'name'],
      ['script empty', { name: 'x', script: '' }, 'script'],
      ['script not a string', { name: 'x', script: ['a'] }, 'script'],
      ['script over 512 KiB', { name: 'x', script: 'x'.repeat(512 * 1024 + 1) }, 'script'],
      ['script over 512 KiB in UTF-8 bytes', { name: 'x', script: 'é'.repeat(300 * 1024) }, 'script'],
    ]
    it.each(cases)('rejects %s on create, storing nothing', async (_name, body, field) => {
      const before = await total()
      const res = await t.call('POST', '/v1/snippets', body)
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await total()).toBe(before)
    })

    it.each(cases)('rejects %s on update, keeping the snippet', async (_name, body, field) => {
      const created = await create()
      const url = `/v1/snippets/${String(created.id)}`
      const res = await t.call('PUT', url, body)
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(url)).toEqual(created)
    })
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-3', '2.5', '99999999999']) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { name: 'x', script: 'y' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.call(method, `/v1/snippets/${id}`, body)
        expect(res.statusCode, `${method} ${id}`).toBe(404)
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      }
    }
  })

  describe('references from checks and groups', () => {
    it('rejects a check or group naming a snippet that does not exist', async () => {
      const checks = await t.call('GET', '/v1/checks?limit=1')
      const checksBefore = String(checks.headers['content-range'])
      for (const field of ['setupSnippetId', 'tearDownSnippetId']) {
        const res = await t.call('POST', '/v1/checks/api', { name: 'c', request: { url: 'https://example.com' }, [field]: 999999 })
        expect(res.statusCode, res.body).toBe(400)
        expect(Object.keys(res.json().attributes)).toContain(field)
        const group = await t.call('POST', '/v2/check-groups', { name: 'g', [field]: 999999 })
        expect(group.statusCode, group.body).toBe(400)
        expect(Object.keys(group.json().attributes)).toContain(field)
      }
      expect(String((await t.call('GET', '/v1/checks?limit=1')).headers['content-range'])).toBe(checksBefore)
    })

    it("rejects a check or group naming another account's snippet", async () => {
      const other = await t.otherAccount()
      const theirs = await t.call('POST', '/v1/snippets', { name: 'theirs', script: 'x' }, other.headers)
      expect(theirs.statusCode).toBe(201)
      const id = theirs.json().id as number
      const check = await t.call('POST', '/v1/checks/api', { name: 'c', request: { url: 'https://example.com' }, setupSnippetId: id })
      expect(check.statusCode).toBe(400)
      expect(Object.keys(check.json().attributes)).toContain('setupSnippetId')
      const group = await t.call('POST', '/v2/check-groups', { name: 'g', tearDownSnippetId: id })
      expect(group.statusCode).toBe(400)
      expect(Object.keys(group.json().attributes)).toContain('tearDownSnippetId')
    })

    it('sets every reference to null when the snippet is deleted', async () => {
      const snippet = await create({ name: 'shared', script: 'x' })
      const keep = await create({ name: 'kept', script: 'y' })
      const check = await t.call('POST', '/v1/checks/api', { name: 'uses it', request: { url: 'https://example.com' }, setupSnippetId: snippet.id, tearDownSnippetId: snippet.id })
      expect(check.statusCode, check.body).toBe(201)
      const mixed = await t.call('POST', '/v1/checks/api', { name: 'mixed', request: { url: 'https://example.com' }, setupSnippetId: keep.id, tearDownSnippetId: snippet.id })
      expect(mixed.statusCode, mixed.body).toBe(201)
      const unrelated = await t.call('POST', '/v1/checks/api', { name: 'unrelated', request: { url: 'https://example.com' }, setupSnippetId: keep.id })
      const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'uses it', setupSnippetId: snippet.id, tearDownSnippetId: keep.id })
      expect(group.statusCode, group.body).toBe(201)

      const del = await t.call('DELETE', `/v1/snippets/${String(snippet.id)}`)
      expect(del.statusCode, del.body).toBe(204)

      expect(await get(`/v1/checks/${String(check.json().id)}`)).toMatchObject({ setupSnippetId: null, tearDownSnippetId: null })
      expect(await get(`/v1/checks/${String(mixed.json().id)}`)).toMatchObject({ setupSnippetId: keep.id, tearDownSnippetId: null })
      const untouched = await get(`/v1/checks/${String(unrelated.json().id)}`)
      expect(untouched).toEqual(unrelated.json())
      expect(await get(`/v1/check-groups/${String(group.json().id)}`)).toMatchObject({ setupSnippetId: null, tearDownSnippetId: keep.id })
      // The checks can still be saved: nothing dangles.
      const save = await t.call('PUT', `/v1/checks/api/${String(check.json().id)}`, { name: 'still valid' })
      expect(save.statusCode, save.body).toBe(200)
    })
  })

  it('keeps accounts apart', async () => {
    const mine = await create({ name: 'mine', script: 'x' })
    const other = await t.otherAccount()
    const url = `/v1/snippets/${String(mine.id)}`
    const as = (method: 'GET' | 'PUT' | 'DELETE', body?: unknown) => t.call(method, url, body, other.headers)
    expect((await as('GET')).statusCode).toBe(404)
    expect((await as('PUT', { name: 'theirs', script: 'y' })).statusCode).toBe(404)
    expect((await as('DELETE')).statusCode).toBe(404)
    expect((await t.call('GET', '/v1/snippets?limit=100', undefined, other.headers)).json()).toEqual([])
    expect(await total(other.headers)).toBe(0)
    expect(await get(url)).toEqual(mine)
  })
})
