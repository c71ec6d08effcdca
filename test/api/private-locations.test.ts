import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores, type Stores } from '../../src/services/stores.js'
import { hashSecret } from '../../src/lib/ids.js'

type Json = Record<string, unknown>
type Key = { id: string; rawKey?: string; maskedKey: string; created_at: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MISSING = '00000000-0000-4000-8000-000000000000'

describe.each(testDbs)('private locations on $name', (db) => {
  let t: TestApp
  let stores: Stores
  let n = 0
  beforeAll(async () => {
    t = await startTestApp(db)
    stores = buildStores(t.store)
  })
  afterAll(() => t.close())

  const slug = () => `office-${++n}`
  const create = async (body: Json = {}) => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: slug(), ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json & { id: string; slugName: string; keys: Key[] }
  }
  const attributesOf = (res: { json(): unknown }) => Object.keys((res.json() as { attributes: Json }).attributes)
  const total = async () => (await t.call('GET', '/v1/private-locations')).headers['content-range']

  it('creates, reads, lists, updates and deletes a location', async () => {
    const before = await t.call('GET', '/v1/private-locations')
    const start = (before.json() as unknown[]).length
    const created = await create({ name: 'Berlin office', slugName: 'berlin-office', proxyUrl: 'http://proxy.internal:3128' })
    expect(created).toMatchObject({
      name: 'Berlin office',
      slugName: 'berlin-office',
      icon: 'location',
      proxyUrl: 'http://proxy.internal:3128',
      lastSeen: null,
      agentCount: 0,
      checkAssignments: 0,
      groupAssignments: 0,
      updated_at: null,
    })
    expect(created.id).toMatch(UUID)
    expect(new Date(created.created_at as string).toISOString()).toBe(created.created_at)
    expect(created.keys).toHaveLength(1)
    const [key] = created.keys
    expect(key!.rawKey).toMatch(/^pl_[A-Za-z0-9_-]{43}$/)
    expect(key!.id).toMatch(UUID)

    const read = await t.call('GET', `/v1/private-locations/${created.id}`)
    expect(read.statusCode).toBe(200)
    const readKeys = read.json().keys as Key[]
    expect(readKeys).toEqual([{ id: key!.id, rawKey: key!.maskedKey, maskedKey: key!.maskedKey, created_at: key!.created_at }])
    expect(read.body).not.toContain(key!.rawKey)

    const list = await t.call('GET', '/v1/private-locations')
    expect(list.statusCode).toBe(200)
    expect((list.json() as Json[]).map((l) => l.id)).toContain(created.id)
    expect(list.headers['content-range']).toBe(`0-${start}/${start + 1}`)

    const updated = await t.call('PUT', `/v1/private-locations/${created.id}`, { name: 'Berlin HQ', icon: 'home', proxyUrl: null, slugName: 'ignored' })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({ name: 'Berlin HQ', icon: 'home', proxyUrl: null, slugName: 'berlin-office' })
    expect(updated.json().updated_at).toEqual(expect.any(String))
    const kept = await t.call('PUT', `/v1/private-locations/${created.id}`, { name: 'Berlin HQ 2' })
    expect(kept.json()).toMatchObject({ name: 'Berlin HQ 2', icon: 'home', proxyUrl: null })

    expect((await t.call('DELETE', `/v1/private-locations/${created.id}`)).statusCode).toBe(204)
    expect((await t.call('GET', `/v1/private-locations/${created.id}`)).statusCode).toBe(404)
    expect((await t.call('DELETE', `/v1/private-locations/${created.id}`)).statusCode).toBe(404)
    expect(await stores.privateLocationKeys.findByHash(hashSecret(key!.rawKey!))).toBeUndefined()
  })

  it('stores only the hash of an agent key, and masks it in every later response', async () => {
    const created = await create()
    const raw = created.keys[0]!.rawKey!
    const row = await stores.privateLocationKeys.findByHash(hashSecret(raw))
    expect(row).toMatchObject({ location_id: created.id, account_id: t.accountId })
    expect(JSON.stringify(row)).not.toContain(raw.slice(3))
    const masked = created.keys[0]!.maskedKey
    expect(masked).toMatch(/^pl_.{3}….{4}$/)
    expect(raw.startsWith(masked.slice(0, 6)) && raw.endsWith(masked.slice(-4))).toBe(true)
  })

  it('pages the list when limit is given', async () => {
    await create()
    await create()
    const all = (await t.call('GET', '/v1/private-locations')).json() as Json[]
    const page = await t.call('GET', '/v1/private-locations?limit=1&page=2')
    expect(page.statusCode).toBe(200)
    expect((page.json() as Json[]).map((l) => l.id)).toEqual([all[1]!.id])
    expect(page.headers['content-range']).toBe(`1-1/${all.length}`)
    for (const q of ['?limit=0', '?limit=101', '?page=0']) expect((await t.call('GET', `/v1/private-locations${q}`)).statusCode, q).toBe(400)
  })

  it('rejects invalid fields, naming each, and writes nothing', async () => {
    const before = await total()
    const cases: Array<[Json, string]> = [
      [{ slugName: 'a' }, 'name'],
      [{ name: '', slugName: 'a' }, 'name'],
      [{ name: 'x'.repeat(256), slugName: 'a' }, 'name'],
      [{ name: 'A' }, 'slugName'],
      [{ name: 'A', slugName: '' }, 'slugName'],
      [{ name: 'A', slugName: 'x'.repeat(31) }, 'slugName'],
      [{ name: 'A', slugName: 'has space' }, 'slugName'],
      [{ name: 'A', slugName: 'under_score' }, 'slugName'],
      [{ name: 'A', slugName: 'us-east-1' }, 'slugName'],
      [{ name: 'A', slugName: 'ap-southeast-3' }, 'slugName'],
      [{ name: 'A', slugName: 'xx-moon-1' }, 'slugName'],
      [{ name: 'A', slugName: 'US-EAST-1' }, 'slugName'],
      [{ name: 'A', slugName: 'ok', icon: '' }, 'icon'],
      [{ name: 'A', slugName: 'ok', icon: 5 }, 'icon'],
      [{ name: 'A', slugName: 'ok', proxyUrl: 'ftp://proxy:21' }, 'proxyUrl'],
      [{ name: 'A', slugName: 'ok', proxyUrl: 'not a url' }, 'proxyUrl'],
      [{ name: 'A', slugName: 'ok', proxyUrl: 42 }, 'proxyUrl'],
    ]
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/v1/private-locations', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(attributesOf(res), JSON.stringify(body)).toContain(field)
    }
    expect(await total()).toBe(before)

    const created = await create()
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'A', proxyUrl: 'mailto:x@y.z' }, 'proxyUrl'],
    ] as Array<[Json, string]>) {
      const res = await t.call('PUT', `/v1/private-locations/${created.id}`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(attributesOf(res)).toContain(field)
    }
    expect((await t.call('GET', `/v1/private-locations/${created.id}`)).json()).toMatchObject({ name: 'Office', proxyUrl: null })
  })

  it('accepts region-like text that is not a region, and an empty proxyUrl as none', async () => {
    const created = await create({ slugName: 'us-east-office', proxyUrl: '' })
    expect(created).toMatchObject({ slugName: 'us-east-office', proxyUrl: null })
  })

  it('answers 409 for a slugName taken in the same account, and writes nothing', async () => {
    const first = await create()
    const before = await total()
    const res = await t.call('POST', '/v1/private-locations', { name: 'Again', slugName: first.slugName })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
    expect(await total()).toBe(before)
  })

  it('holds at most two keys; revoking one makes room for another', async () => {
    const loc = await create()
    const url = `/v1/private-locations/${loc.id}/keys`
    const second = await t.call('POST', url)
    expect(second.statusCode).toBe(201)
    const key = second.json() as Key
    expect(key.rawKey).toMatch(/^pl_/)
    expect(await stores.privateLocationKeys.findByHash(hashSecret(key.rawKey!))).toBeDefined()

    const third = await t.call('POST', url)
    expect(third.statusCode).toBe(402)
    expect(third.json()).toMatchObject({ statusCode: 402, error: 'Payment Required', attributes: { keys: 'at most 2' } })
    expect((await stores.privateLocationKeys.listFor(t.accountId, loc.id)).length).toBe(2)

    const read = (await t.call('GET', `/v1/private-locations/${loc.id}`)).json() as { keys: Key[] }
    expect(read.keys.map((k) => k.id).sort()).toEqual([loc.keys[0]!.id, key.id].sort())
    for (const k of read.keys) expect(k.rawKey).toBe(k.maskedKey)

    expect((await t.call('DELETE', `${url}/${loc.keys[0]!.id}`)).statusCode).toBe(204)
    expect(await stores.privateLocationKeys.findByHash(hashSecret(loc.keys[0]!.rawKey!))).toBeUndefined()
    expect((await t.call('DELETE', `${url}/${loc.keys[0]!.id}`)).statusCode).toBe(404)
    expect((await t.call('DELETE', `${url}/${MISSING}`)).statusCode).toBe(404)
    expect((await t.call('DELETE', `${url}/not-a-uuid`)).statusCode).toBe(404)
    expect((await t.call('POST', url)).statusCode).toBe(201)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [MISSING, 'nope']) {
      expect((await t.call('GET', `/v1/private-locations/${id}`)).statusCode).toBe(404)
      expect((await t.call('PUT', `/v1/private-locations/${id}`, { name: 'x' })).statusCode).toBe(404)
      expect((await t.call('DELETE', `/v1/private-locations/${id}`)).statusCode).toBe(404)
      expect((await t.call('POST', `/v1/private-locations/${id}/keys`)).statusCode).toBe(404)
      expect((await t.call('DELETE', `/v1/private-locations/${id}/keys/${MISSING}`)).statusCode).toBe(404)
    }
  })

  it('refuses to delete a location while a check or a group uses it, naming them', async () => {
    const loc = await create()
    const bySlug = await t.call('POST', '/v1/checks/api', { name: 'Uses slug', request: { url: 'https://example.com' }, privateLocations: [loc.slugName] })
    expect(bySlug.statusCode, bySlug.body).toBe(201)
    const byId = await t.call('POST', '/v1/checks/api', { name: 'Uses id', request: { url: 'https://example.com' }, privateLocations: [loc.id] })
    expect(byId.statusCode, byId.body).toBe(201)
    const group = await stores.checkGroups.insert(t.accountId, { name: 'Group with location', privateLocations: [loc.slugName] }, Date.now())

    const read = (await t.call('GET', `/v1/private-locations/${loc.id}`)).json() as Json
    expect(read).toMatchObject({ checkAssignments: 2, groupAssignments: 1 })

    const refused = await t.call('DELETE', `/v1/private-locations/${loc.id}`)
    expect(refused.statusCode).toBe(409)
    const body = refused.json() as { message: string; attributes: { checks: Array<{ id: string }>; groups: Array<{ id: number }> } }
    expect(body.message).toContain('Uses slug')
    expect(body.message).toContain('Group with location')
    expect(body.attributes.checks.map((c) => c.id).sort()).toEqual([bySlug.json().id, byId.json().id].sort())
    expect(body.attributes.groups.map((g) => g.id)).toEqual([group.id])
    expect((await t.call('GET', `/v1/private-locations/${loc.id}`)).statusCode).toBe(200)

    for (const res of [bySlug, byId]) expect((await t.call('DELETE', `/v1/checks/${res.json().id as string}`)).statusCode).toBe(204)
    expect((await t.call('DELETE', `/v1/private-locations/${loc.id}`)).statusCode).toBe(409)
    await stores.checkGroups.delete(t.accountId, group.id)
    expect((await t.call('DELETE', `/v1/private-locations/${loc.id}`)).statusCode).toBe(204)
  })

  it('keeps accounts apart: another account cannot see, change, delete or reference a location', async () => {
    const loc = await create()
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })

    expect((await as('GET', `/v1/private-locations/${loc.id}`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/private-locations/${loc.id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/private-locations/${loc.id}`)).statusCode).toBe(404)
    expect((await as('POST', `/v1/private-locations/${loc.id}/keys`)).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/private-locations/${loc.id}/keys/${loc.keys[0]!.id}`)).statusCode).toBe(404)
    const list = await as('GET', '/v1/private-locations')
    expect(list.json()).toEqual([])
    expect(list.headers['content-range']).toBe('*/0')

    const foreign = await as('POST', '/v1/checks/api', { name: 'x', request: { url: 'https://example.com' }, privateLocations: [loc.slugName] })
    expect(foreign.statusCode).toBe(400)
    expect(Object.keys(foreign.json().attributes as Json)).toEqual(['privateLocations[0]'])
    const foreignById = await as('POST', '/v1/checks/api', { name: 'x', request: { url: 'https://example.com' }, privateLocations: [loc.id] })
    expect(foreignById.statusCode).toBe(400)

    // The same slugName is free in another account, and its own checks may use it.
    const own = await as('POST', '/v1/private-locations', { name: 'Theirs', slugName: loc.slugName })
    expect(own.statusCode).toBe(201)
    const ownCheck = await as('POST', '/v1/checks/api', { name: 'x', request: { url: 'https://example.com' }, privateLocations: [loc.slugName] })
    expect(ownCheck.statusCode, ownCheck.body).toBe(201)

    const mine = await t.call('GET', `/v1/private-locations/${loc.id}`)
    expect(mine.json()).toMatchObject({ name: 'Office', checkAssignments: 0 })
    expect((mine.json().keys as Key[]).length).toBe(1)
  })
})
