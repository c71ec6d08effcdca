import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores, type Stores } from '../../src/services/stores.js'
import { hashSecret } from '../../src/lib/ids.js'

type Json = Record<string, unknown>
type Key = { id: string; rawKey?: string; maskedKey: string; created_at: string }
type Dashboard = Json & { id: number; dashboardId: string; keys: Key[] }

const DEFAULTS = {
  customDomain: null,
  logo: null,
  favicon: null,
  link: null,
  description: null,
  width: 'FULL',
  refreshRate: 60,
  paginate: true,
  paginationRate: 60,
  sortByStatus: false,
  checksPerPage: 15,
  tags: [],
  useTagsAndOperator: false,
  hideTags: false,
  enableIncidents: false,
  expandChecks: false,
  showHeader: true,
  showCheckRunLinks: false,
  showGroupNames: true,
  showP95: true,
  showP99: true,
  customCSS: '',
  isPrivate: false,
  keys: [],
}

describe.each(testDbs)('dashboards on $name', (db) => {
  let t: TestApp
  let stores: Stores
  let n = 0
  beforeAll(async () => {
    t = await startTestApp(db)
    stores = buildStores(t.store)
  })
  afterAll(() => t.close())

  const sub = () => `dash-${db.name}-${++n}`
  const create = async (body: Json = {}) => {
    const res = await t.call('POST', '/v1/dashboards', { header: 'Status', customUrl: sub(), ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Dashboard
  }
  const total = async () => (await t.call('GET', '/v1/dashboards?limit=100')).headers['content-range']
  const attributesOf = (res: { json(): unknown }) => Object.keys((res.json() as { attributes: Json }).attributes)

  it('creates with defaults, reads, lists, updates partially and deletes', async () => {
    const customUrl = sub()
    const created = await create({ header: 'Acme status', customUrl })
    expect(created).toMatchObject({ header: 'Acme status', customUrl, ...DEFAULTS, updated_at: null })
    expect(Number.isInteger(created.id)).toBe(true)
    expect(typeof created.dashboardId).toBe('string')
    expect(new Date(created.created_at as string).toISOString()).toBe(created.created_at)

    const read = await t.call('GET', `/v1/dashboards/${created.dashboardId}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(created)
    const byUrl = await t.call('GET', `/v1/dashboards/${customUrl}?type=customUrl`)
    expect(byUrl.json().id).toBe(created.id)

    const list = await t.call('GET', '/v1/dashboards?limit=100')
    expect(list.statusCode).toBe(200)
    const items = list.json() as Dashboard[]
    expect(items.map((d) => d.dashboardId)).toContain(created.dashboardId)
    expect(list.headers['content-range']).toBe(`0-${items.length - 1}/${items.length}`)

    const updated = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, {
      header: 'New header',
      width: '960PX',
      refreshRate: 300,
      tags: ['prod'],
      customUrl,
      id: 999,
      dashboardId: 'hijack',
      keys: [{ rawKey: 'x' }],
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      ...DEFAULTS,
      id: created.id,
      dashboardId: created.dashboardId,
      customUrl,
      header: 'New header',
      width: '960PX',
      refreshRate: 300,
      tags: ['prod'],
    })
    expect(updated.json().updated_at).toEqual(expect.any(String))
    const again = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, { showP99: false })
    expect(again.json()).toMatchObject({ header: 'New header', width: '960PX', refreshRate: 300, tags: ['prod'], showP99: false })

    expect((await t.call('DELETE', `/v1/dashboards/${created.dashboardId}`)).statusCode).toBe(204)
    expect((await t.call('GET', `/v1/dashboards/${created.dashboardId}`)).statusCode).toBe(404)
    expect((await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, { header: 'x' })).statusCode).toBe(404)
    expect((await t.call('DELETE', `/v1/dashboards/${created.dashboardId}`)).statusCode).toBe(404)
    expect((await t.call('GET', `/v1/dashboards/${customUrl}?type=customUrl`)).statusCode).toBe(404)
  })

  it('pages the list', async () => {
    await create()
    await create()
    const all = (await t.call('GET', '/v1/dashboards?limit=100')).json() as Dashboard[]
    const page = await t.call('GET', '/v1/dashboards?limit=1&page=2')
    expect((page.json() as Dashboard[]).map((d) => d.id)).toEqual([all[1]!.id])
    expect(page.headers['content-range']).toBe(`1-1/${all.length}`)
    expect((await t.call('GET', '/v1/dashboards?limit=101')).statusCode).toBe(400)
  })

  it('accepts every value of each set, a custom domain alone, empty image URLs and 64 KiB of CSS', async () => {
    const body = {
      header: 'All',
      customUrl: null,
      customDomain: 'Status.Example.COM',
      logo: '',
      favicon: 'https://cdn.example.com/f.ico',
      link: 'https://example.com',
      description: 'Our services',
      width: '960PX',
      refreshRate: 600,
      paginate: false,
      paginationRate: 30,
      sortByStatus: true,
      checksPerPage: 20,
      tags: ['a', 'b'],
      useTagsAndOperator: true,
      hideTags: true,
      enableIncidents: true,
      expandChecks: true,
      showHeader: false,
      showCheckRunLinks: true,
      showGroupNames: false,
      showP95: false,
      showP99: false,
      customCSS: 'x'.repeat(64 * 1024),
    }
    const res = await t.call('POST', '/v1/dashboards', body)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ ...body, customDomain: 'status.example.com' })
    for (const [field, value] of [
      ['refreshRate', 60],
      ['refreshRate', 300],
      ['paginationRate', 300],
      ['checksPerPage', 1],
      ['width', 'FULL'],
    ] as const) {
      const ok = await t.call('PUT', `/v1/dashboards/${res.json().dashboardId as string}`, { [field]: value })
      expect(ok.statusCode, `${field}=${value}`).toBe(200)
      expect(ok.json()[field]).toBe(value)
    }
  })

  it('rejects invalid fields, naming each, and writes nothing', async () => {
    const before = await total()
    const cases: Array<[Json, string]> = [
      [{ customUrl: sub() }, 'header'],
      [{ header: 5, customUrl: sub() }, 'header'],
      [{ header: 'x' }, 'customUrl'],
      [{ header: 'x', customUrl: null, customDomain: null }, 'customUrl'],
      [{ header: 'x', customUrl: '' }, 'customUrl'],
      [{ header: 'x', customUrl: 'Acme' }, 'customUrl'],
      [{ header: 'x', customUrl: '-acme' }, 'customUrl'],
      [{ header: 'x', customUrl: 'acme-' }, 'customUrl'],
      [{ header: 'x', customUrl: 'a_b' }, 'customUrl'],
      [{ header: 'x', customUrl: 'a.b' }, 'customUrl'],
      [{ header: 'x', customUrl: 'a'.repeat(64) }, 'customUrl'],
      [{ header: 'x', customDomain: 'localhost' }, 'customDomain'],
      [{ header: 'x', customDomain: 'exa mple.com' }, 'customDomain'],
      [{ header: 'x', customDomain: '-x.example.com' }, 'customDomain'],
      [{ header: 'x', customDomain: '10.0.0.1' }, 'customDomain'],
      [{ header: 'x', customDomain: 'https://status.example.com' }, 'customDomain'],
      [{ header: 'x', customUrl: sub(), logo: 'ftp://example.com/logo.png' }, 'logo'],
      [{ header: 'x', customUrl: sub(), favicon: 'not a url' }, 'favicon'],
      [{ header: 'x', customUrl: sub(), link: 'javascript:alert(1)' }, 'link'],
      [{ header: 'x', customUrl: sub(), width: 'HALF' }, 'width'],
      [{ header: 'x', customUrl: sub(), refreshRate: 120 }, 'refreshRate'],
      [{ header: 'x', customUrl: sub(), paginationRate: 90 }, 'paginationRate'],
      [{ header: 'x', customUrl: sub(), checksPerPage: 0 }, 'checksPerPage'],
      [{ header: 'x', customUrl: sub(), checksPerPage: 21 }, 'checksPerPage'],
      [{ header: 'x', customUrl: sub(), checksPerPage: 1.5 }, 'checksPerPage'],
      [{ header: 'x', customUrl: sub(), tags: [''] }, 'tags[0]'],
      [{ header: 'x', customUrl: sub(), tags: 'prod' }, 'tags'],
      [{ header: 'x', customUrl: sub(), paginate: 'true' }, 'paginate'],
      [{ header: 'x', customUrl: sub(), isPrivate: 1 }, 'isPrivate'],
      [{ header: 'x', customUrl: sub(), customCSS: 'x'.repeat(64 * 1024 + 1) }, 'customCSS'],
    ]
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/v1/dashboards', body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400)
      expect(attributesOf(res), JSON.stringify(body).slice(0, 200)).toContain(field)
    }
    expect(await total()).toBe(before)

    const created = await create({ description: 'keep me' })
    for (const [body, field] of [
      [{ customUrl: null }, 'customUrl'],
      [{ checksPerPage: 25 }, 'checksPerPage'],
      [{ link: 'nope' }, 'link'],
    ] as Array<[Json, string]>) {
      const res = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(attributesOf(res)).toContain(field)
    }
    expect((await t.call('GET', `/v1/dashboards/${created.dashboardId}`)).json()).toEqual(created)
  })

  it('treats null as "keep" for lists and numbers, and as "clear" for texts', async () => {
    const created = await create({ tags: ['a'], checksPerPage: 5, useTagsAndOperator: true, description: 'd', customCSS: 'body{}', logo: 'https://x.example/l.png' })
    const res = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, {
      tags: null,
      checksPerPage: null,
      useTagsAndOperator: null,
      description: null,
      customCSS: null,
      logo: null,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ tags: ['a'], checksPerPage: 5, useTagsAndOperator: true, description: null, customCSS: '', logo: null })
  })

  it('answers 409 when the customUrl or customDomain is taken by any account, on create and on update', async () => {
    const other = await t.otherAccount()
    const mine = await create({ customDomain: 'taken.example.com' })
    const before = await total()

    const sameUrl = await t.call('POST', '/v1/dashboards', { header: 'x', customUrl: mine.customUrl })
    expect(sameUrl.statusCode).toBe(409)
    expect(sameUrl.json()).toMatchObject({ statusCode: 409, error: 'Conflict', attributes: { customUrl: 'is already taken' } })
    const theirs = await t.app.inject({ method: 'POST', url: '/v1/dashboards', headers: other.headers, payload: { header: 'x', customUrl: mine.customUrl } })
    expect(theirs.statusCode).toBe(409)
    const domain = await t.app.inject({ method: 'POST', url: '/v1/dashboards', headers: other.headers, payload: { header: 'x', customDomain: 'TAKEN.example.com' } })
    expect(domain.statusCode).toBe(409)
    expect(domain.json().attributes).toEqual({ customDomain: 'is already taken' })
    expect(await total()).toBe(before)
    expect((await t.app.inject({ method: 'GET', url: '/v1/dashboards', headers: other.headers })).json()).toEqual([])

    const second = await create()
    const clash = await t.call('PUT', `/v1/dashboards/${second.dashboardId}`, { customUrl: mine.customUrl })
    expect(clash.statusCode).toBe(409)
    const clashDomain = await t.call('PUT', `/v1/dashboards/${second.dashboardId}`, { customDomain: 'taken.example.com' })
    expect(clashDomain.statusCode).toBe(409)
    expect((await t.call('GET', `/v1/dashboards/${second.dashboardId}`)).json()).toEqual(second)

    const own = await t.call('PUT', `/v1/dashboards/${mine.dashboardId}`, { customUrl: mine.customUrl, customDomain: 'taken.example.com', header: 'Same' })
    expect(own.statusCode, own.body).toBe(200)

    // A freed name can be used again.
    expect((await t.call('DELETE', `/v1/dashboards/${mine.dashboardId}`)).statusCode).toBe(204)
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/v1/dashboards',
      headers: other.headers,
      payload: { header: 'x', customUrl: mine.customUrl, customDomain: 'taken.example.com' },
    })
    expect(reuse.statusCode, reuse.body).toBe(201)
  })

  it('shows the key of a private dashboard once, and stores only its hash', async () => {
    const created = await create({ isPrivate: true })
    expect(created.keys).toHaveLength(1)
    const key = created.keys[0]!
    expect(key.rawKey).toMatch(/^dk_[A-Za-z0-9_-]{43}$/)
    expect(key.maskedKey).toMatch(/^dk_.{3}….{4}$/)

    const stored = await stores.dashboards.get(t.accountId, created.id)
    expect(JSON.stringify(stored)).not.toContain(key.rawKey!.slice(3))
    expect(JSON.stringify(stored)).toContain(hashSecret(key.rawKey!))

    const read = await t.call('GET', `/v1/dashboards/${created.dashboardId}`)
    expect(read.body).not.toContain(key.rawKey!)
    expect(read.json().keys).toEqual([{ id: key.id, rawKey: key.maskedKey, maskedKey: key.maskedKey, created_at: key.created_at }])
    const listed = (await t.call('GET', '/v1/dashboards?limit=100')).json() as Dashboard[]
    expect(listed.find((d) => d.id === created.id)!.keys).toEqual([{ id: key.id, rawKey: key.maskedKey, maskedKey: key.maskedKey, created_at: key.created_at }])

    const edited = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, { header: 'Still private' })
    expect(edited.json().keys).toEqual([{ id: key.id, rawKey: key.maskedKey, maskedKey: key.maskedKey, created_at: key.created_at }])

    const made = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, { isPrivate: false })
    expect(made.json()).toMatchObject({ isPrivate: false, keys: [] })
    const again = await t.call('PUT', `/v1/dashboards/${created.dashboardId}`, { isPrivate: true })
    const fresh = (again.json() as Dashboard).keys
    expect(fresh).toHaveLength(1)
    expect(fresh[0]!.rawKey).toMatch(/^dk_/)
    expect(fresh[0]!.id).not.toBe(key.id)
  })

  it('keeps accounts apart: another account cannot see, change or delete a dashboard', async () => {
    const mine = await create()
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', `/v1/dashboards/${mine.dashboardId}`)).statusCode).toBe(404)
    expect((await as('GET', `/v1/dashboards/${mine.customUrl as string}?type=customUrl`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/dashboards/${mine.dashboardId}`, { header: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/dashboards/${mine.dashboardId}`)).statusCode).toBe(404)
    const list = await as('GET', '/v1/dashboards')
    expect(list.json()).toEqual([])
    expect(list.headers['content-range']).toBe('*/0')
    expect((await t.call('GET', `/v1/dashboards/${mine.dashboardId}`)).json()).toEqual(mine)
  })

  it('answers 404 for unknown ids, including the integer id', async () => {
    const mine = await create()
    for (const id of ['nope', String(mine.id), '00000000-0000-4000-8000-000000000000']) {
      expect((await t.call('GET', `/v1/dashboards/${id}`)).statusCode, id).toBe(404)
    }
  })
})
