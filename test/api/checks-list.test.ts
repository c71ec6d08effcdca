import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

describe.each(testDbs)('GET /v1/checks filters and paging on $name', (db) => {
  let t: TestApp
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp(db)
    const create = async (key: string, segment: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', `/v1/checks/${segment}`, body)
      expect(res.statusCode, res.body).toBe(201)
      ids[key] = res.json().id as string
    }
    await create('shop', 'api', { name: 'Shop API', tags: ['prod', 'shop'], request: { url: 'https://shop.example.com/health' } })
    await create('blog', 'api', { name: 'Blog API', tags: ['staging'], request: { url: 'https://blog.example.com/status' } })
    await create('home', 'url', { name: 'Homepage', tags: ['prod'], request: { url: 'https://shop.example.com/' } })
    await create('db', 'tcp', { name: 'Database port', tags: ['infra'], request: { hostname: 'db.internal', port: 5432 } })
    await create('cron', 'heartbeat', { name: 'Nightly SHOP export', heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' }, script: '' })
  })
  afterAll(() => t.close())

  const list = async (query: string) => {
    const res = await t.call('GET', `/v1/checks${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return { items: res.json() as Array<{ id: string; checkType: string; name: string }>, range: res.headers['content-range'], link: res.headers.link }
  }
  const idsOf = (items: Array<{ id: string }>) => items.map((i) => i.id).sort()
  const expected = (...keys: string[]) => keys.map((k) => ids[k]!).sort()

  it('lists all checks with checkType and id, total in Content-Range', async () => {
    const { items, range } = await list('?limit=100')
    expect(items).toHaveLength(5)
    expect(range).toBe('0-4/5')
    for (const item of items) expect(typeof item.checkType).toBe('string')
  })

  it('pages with limit and page', async () => {
    const first = await list('?limit=2&page=1')
    const second = await list('?limit=2&page=2')
    const third = await list('?limit=2&page=3')
    const beyond = await list('?limit=2&page=9')
    expect(first.range).toBe('0-1/5')
    expect(second.range).toBe('2-3/5')
    expect(third.range).toBe('4-4/5')
    expect(beyond.items).toEqual([])
    expect(beyond.range).toBe('*/5')
    expect(first.link).toBe('</v1/checks?limit=2&page=1>; rel="first", </v1/checks?limit=2&page=2>; rel="next", </v1/checks?limit=2&page=3>; rel="last"')
    expect(second.link).toBe(
      '</v1/checks?limit=2&page=1>; rel="first", </v1/checks?limit=2&page=1>; rel="prev", </v1/checks?limit=2&page=3>; rel="next", </v1/checks?limit=2&page=3>; rel="last"',
    )
    expect(third.link).toBe('</v1/checks?limit=2&page=1>; rel="first", </v1/checks?limit=2&page=2>; rel="prev", </v1/checks?limit=2&page=3>; rel="last"')
    const all = [...first.items, ...second.items, ...third.items].map((i) => i.id)
    expect(new Set(all).size).toBe(5)
  })

  it('defaults to 10 per page', async () => {
    const { range } = await list('')
    expect(range).toBe('0-4/5')
  })

  it('rejects limit and page outside their ranges', async () => {
    for (const q of ['?limit=0', '?limit=101', '?page=0', '?limit=abc', '?checkType=NOPE', '?status=broken', '?apiCheckUrlFilterPattern=']) {
      const res = await t.call('GET', `/v1/checks${q}`)
      expect(res.statusCode, q).toBe(400)
      const key = q.slice(1).split('=')[0]!
      expect(Object.keys(res.json().attributes), q).toContain(key)
    }
  })

  it('filters by tag (any of)', async () => {
    expect(idsOf((await list('?tag=prod')).items)).toEqual(expected('shop', 'home'))
    expect(idsOf((await list('?tag=staging&tag=infra')).items)).toEqual(expected('blog', 'db'))
    expect((await list('?tag=none')).items).toEqual([])
  })

  it('filters by checkType', async () => {
    expect(idsOf((await list('?checkType=API')).items)).toEqual(expected('shop', 'blog'))
    expect(idsOf((await list('?checkType=HEARTBEAT')).items)).toEqual(expected('cron'))
    expect((await list('?checkType=BROWSER')).items).toEqual([])
  })

  it('filters by name with search, case-insensitive and partial', async () => {
    expect(idsOf((await list('?search=shop')).items)).toEqual(expected('shop', 'cron'))
    expect(idsOf((await list('?search=API')).items)).toEqual(expected('shop', 'blog'))
    expect((await list('?search=%25')).items).toEqual([])
  })

  it('filters API checks by URL pattern (only API checks)', async () => {
    expect(idsOf((await list('?apiCheckUrlFilterPattern=shop.example')).items)).toEqual(expected('shop'))
    expect(idsOf((await list('?apiCheckUrlFilterPattern=example.com')).items)).toEqual(expected('shop', 'blog'))
  })

  it('combines filters', async () => {
    expect(idsOf((await list('?tag=prod&checkType=URL')).items)).toEqual(expected('home'))
    const { items, range } = await list('?tag=prod&search=shop&limit=1')
    expect(items).toHaveLength(1)
    expect(range).toBe('0-0/1')
  })

  it('filters by status from the latest results', async () => {
    const now = Date.now()
    await t.store.db
      .insertInto('check_statuses')
      .values([
        { check_id: ids.shop!, account_id: t.accountId, status: 'failing', updated_at: now },
        { check_id: ids.blog!, account_id: t.accountId, status: 'passing', updated_at: now },
        { check_id: ids.home!, account_id: t.accountId, status: 'degraded', updated_at: now },
      ])
      .execute()
    expect(idsOf((await list('?status=failing')).items)).toEqual(expected('shop'))
    expect(idsOf((await list('?status=passing')).items)).toEqual(expected('blog'))
    expect(idsOf((await list('?status=degraded')).items)).toEqual(expected('home'))
  })

  it('accepts applyGroupSettings', async () => {
    expect((await list('?applyGroupSettings=true')).items).toHaveLength(5)
    expect((await t.call('GET', '/v1/checks?applyGroupSettings=maybe')).statusCode).toBe(400)
  })
})
