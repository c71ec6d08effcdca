/** Maintenance windows through the HTTP API: CRUD, partial update, validation, 404s and isolation. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>

const WINDOW = { name: 'Nightly deploy', tags: ['prod', 'web'], startsAt: '2026-05-01T22:00:00Z', endsAt: '2026-05-01T23:30:00Z' }

describe.each(testDbs)('maintenance windows on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    for (const w of (await t.call('GET', '/v1/maintenance-windows?limit=100')).json() as Json[]) await t.call('DELETE', `/v1/maintenance-windows/${String(w.id)}`)
  })

  const create = async (body: Json): Promise<Json> => {
    const res = await t.call('POST', '/v1/maintenance-windows', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const count = async (): Promise<number> => Number(String((await t.call('GET', '/v1/maintenance-windows?limit=1')).headers['content-range']).split('/')[1])
  const rejects = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.json().attributes), JSON.stringify(body)).toContain(field)
  }

  it('creates, reads, lists, updates and deletes a window', async () => {
    const w = await create(WINDOW)
    expect(w).toMatchObject({
      name: 'Nightly deploy',
      tags: ['prod', 'web'],
      startsAt: '2026-05-01T22:00:00.000Z',
      endsAt: '2026-05-01T23:30:00.000Z',
      repeatInterval: null,
      repeatUnit: null,
      repeatEndsAt: null,
      description: null,
      updated_at: null,
    })
    expect(Number.isInteger(w.id)).toBe(true)
    expect(new Date(String(w.created_at)).toISOString()).toBe(w.created_at)
    const url = `/v1/maintenance-windows/${String(w.id)}`
    expect((await t.call('GET', url)).json()).toEqual(w)

    const list = await t.call('GET', '/v1/maintenance-windows')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([w])
    expect(list.headers['content-range']).toBe('0-0/1')

    const res = await t.call('PUT', url, { repeatInterval: 1, repeatUnit: 'WEEK', repeatEndsAt: '2026-07-01', id: 5, created_at: 'x' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json()
    expect(updated).toMatchObject({ ...w, repeatInterval: 1, repeatUnit: 'WEEK', repeatEndsAt: '2026-07-01T00:00:00.000Z', updated_at: expect.any(String) })
    expect(updated.id).toBe(w.id)
    const renamed = (await t.call('PUT', url, { name: 'Renamed', tags: [], description: 'Weekly deploy freeze' })).json()
    expect(renamed).toMatchObject({ name: 'Renamed', tags: [], repeatUnit: 'WEEK', startsAt: w.startsAt, description: 'Weekly deploy freeze' })
    expect((await t.call('PUT', url, { name: 'Renamed again' })).json()).toMatchObject({ description: 'Weekly deploy freeze' })
    const cleared = (await t.call('PUT', url, { repeatInterval: null, repeatUnit: null, repeatEndsAt: null })).json()
    expect(cleared).toMatchObject({ repeatInterval: null, repeatUnit: null, repeatEndsAt: null })

    expect((await t.call('DELETE', url)).statusCode).toBe(204)
    expect((await t.call('GET', url)).statusCode).toBe(404)
    expect((await t.call('PUT', url, { name: 'x' })).statusCode).toBe(404)
    expect((await t.call('DELETE', url)).statusCode).toBe(404)
  })

  it('pages the list with Content-Range', async () => {
    const ids = [] as unknown[]
    for (let i = 0; i < 5; i++) ids.push((await create({ ...WINDOW, name: `W${i}` })).id)
    const first = await t.call('GET', '/v1/maintenance-windows?limit=2')
    const third = await t.call('GET', '/v1/maintenance-windows?limit=2&page=3')
    const beyond = await t.call('GET', '/v1/maintenance-windows?limit=2&page=4')
    expect(first.headers['content-range']).toBe('0-1/5')
    expect(third.headers['content-range']).toBe('4-4/5')
    expect(third.json().map((w: Json) => w.id)).toEqual([ids[4]])
    expect(beyond.json()).toEqual([])
    expect(beyond.headers['content-range']).toBe('*/5')
    for (const q of ['?limit=0', '?limit=101', '?page=0', '?page=x']) expect((await t.call('GET', `/v1/maintenance-windows${q}`)).statusCode).toBe(400)
  })

  it('accepts dates and offsets and stores UTC instants', async () => {
    const w = await create({ name: 'Dates', startsAt: '2026-05-01', endsAt: '2026-05-02T02:00:00+02:00', repeatInterval: 2, repeatUnit: 'MONTH' })
    expect(w).toMatchObject({ tags: [], startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-05-02T00:00:00.000Z', repeatInterval: 2, repeatUnit: 'MONTH' })
  })

  it('rejects invalid windows, naming the field, and writes nothing', async () => {
    const cases: Array<[Json, string]> = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 5 }, 'name'],
      [{ tags: 'prod' }, 'tags'],
      [{ tags: [''] }, 'tags[0]'],
      [{ startsAt: undefined }, 'startsAt'],
      [{ startsAt: 'next monday' }, 'startsAt'],
      [{ startsAt: 1714600000 }, 'startsAt'],
      [{ endsAt: undefined }, 'endsAt'],
      [{ endsAt: '2026-02-30T00:00:00Z' }, 'endsAt'],
      [{ endsAt: '2026-05-01T22:00:00Z' }, 'endsAt'],
      [{ endsAt: '2026-05-01T21:00:00Z' }, 'endsAt'],
      [{ repeatInterval: 0, repeatUnit: 'DAY' }, 'repeatInterval'],
      [{ repeatInterval: 1.5, repeatUnit: 'DAY' }, 'repeatInterval'],
      [{ repeatInterval: 366, repeatUnit: 'DAY' }, 'repeatInterval'],
      [{ repeatInterval: 1, repeatUnit: 'YEAR' }, 'repeatUnit'],
      [{ repeatInterval: 1 }, 'repeatUnit'],
      [{ repeatInterval: 1, repeatUnit: 'DAY', repeatEndsAt: '2026-04-01T00:00:00Z' }, 'repeatEndsAt'],
      [{ repeatInterval: 1, repeatUnit: 'DAY', repeatEndsAt: 'never' }, 'repeatEndsAt'],
      [{ repeatEndsAt: '2026-06-01T00:00:00Z' }, 'repeatEndsAt'],
    ]
    for (const [change, field] of cases) await rejects('POST', '/v1/maintenance-windows', { ...WINDOW, ...change }, field)
    expect(await count()).toBe(0)
  })

  it('takes repeatUnit without repeatInterval (the reference requires repeatUnit on create) as a window that does not repeat', async () => {
    const w = await create({ ...WINDOW, repeatUnit: 'WEEK' })
    expect(w).toMatchObject({ repeatInterval: null, repeatUnit: 'WEEK', repeatEndsAt: null })
    const list = (await t.call('GET', `/v1/maintenance-windows/${String(w.id)}/maintenances`)).json() as Array<{ startsAt: string }>
    expect(list.map((m) => m.startsAt)).toEqual([w.startsAt])
    expect((await t.call('DELETE', `/v1/maintenance-windows/${String(w.id)}`)).statusCode).toBe(204)
  })

  it('re-checks the merged window on update and leaves it unchanged when rejected', async () => {
    const w = await create({ ...WINDOW, repeatInterval: 1, repeatUnit: 'DAY' })
    const url = `/v1/maintenance-windows/${String(w.id)}`
    await rejects('PUT', url, { startsAt: '2026-05-02T00:00:00Z' }, 'endsAt')
    await rejects('PUT', url, { repeatUnit: null }, 'repeatUnit')
    await rejects('PUT', url, { repeatEndsAt: '2026-04-01' }, 'repeatEndsAt')
    await rejects('PUT', url, { name: '' }, 'name')
    await rejects('PUT', url, { endsAt: null }, 'endsAt')
    expect((await t.call('GET', url)).json()).toEqual(w)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['424242', 'abc', '1e3', '0', '-2', '99999999999']) {
      expect((await t.call('GET', `/v1/maintenance-windows/${id}`)).statusCode, id).toBe(404)
      expect((await t.call('PUT', `/v1/maintenance-windows/${id}`, { name: 'x' })).statusCode, id).toBe(404)
      expect((await t.call('DELETE', `/v1/maintenance-windows/${id}`)).statusCode, id).toBe(404)
    }
  })

  it('another account cannot read, list, change or delete a window', async () => {
    const w = await create(WINDOW)
    const other = await t.otherAccount()
    const url = `/v1/maintenance-windows/${String(w.id)}`
    const as = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: Json) => t.app.inject({ method, url: path, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', url)).statusCode).toBe(404)
    expect((await as('PUT', url, { name: 'Mine now' })).statusCode).toBe(404)
    expect((await as('DELETE', url)).statusCode).toBe(404)
    const list = await as('GET', '/v1/maintenance-windows')
    expect(list.json()).toEqual([])
    expect(list.headers['content-range']).toBe('*/0')
    expect((await t.call('GET', url)).json()).toEqual(w)
  })

  it('needs credentials', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/maintenance-windows' })).statusCode).toBe(401)
  })
})
