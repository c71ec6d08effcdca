import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { buildStores } from '../../src/services/stores.js'
import type { Clock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** A clock that moves one second per reading, so creation order is also created_at order. */
const tickingClock = (): Clock => {
  let now = Date.UTC(2026, 0, 1)
  return { now: () => (now += 1000) }
}
const INCIDENTS = '/v1/status-pages/incidents'

const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

const expect400 = (res: LightMyRequestResponse, field: string) => {
  const body = expectStatus(res, 400)
  expect(Object.keys(body.attributes), JSON.stringify(body.attributes)).toContain(field)
}

describe.each(testDbs)('status page incidents on $name', (db) => {
  let t: TestApp
  let api: Json
  let web: Json
  beforeAll(async () => {
    t = await startTestApp(db, { clock: tickingClock() })
    api = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'API' }), 200)
    web = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'Website' }), 200)
  })
  afterAll(() => t.close())

  const body = (extra: Json = {}) => ({
    name: 'API errors',
    severity: 'MAJOR',
    services: [api.id],
    incidentUpdates: [{ description: 'We are looking into it', status: 'INVESTIGATING' }],
    ...extra,
  })
  const open = async (extra: Json = {}) => expectStatus(await t.call('POST', INCIDENTS, body(extra)), 201)
  const post = async (id: string, update: Json) => expectStatus(await t.call('POST', `${INCIDENTS}/${id}/incident-updates`, update), 200)
  const get = async (id: string) => expectStatus(await t.call('GET', `${INCIDENTS}/${id}`), 200)
  const total = async () => (await t.call('GET', `${INCIDENTS}?limit=100`)).json<{ length: number }>().length

  it('opens, reads, lists, updates and deletes an incident', async () => {
    const created = await open()
    expect(created).toMatchObject({
      name: 'API errors',
      severity: 'MAJOR',
      accountId: t.accountId,
      services: [api],
      lastUpdateStatus: 'INVESTIGATING',
      resolvedAt: null,
      duration: null,
      updated_at: created.created_at,
    })
    expect(created.incidentUpdates).toHaveLength(1)
    expect(created.incidentUpdates[0]).toMatchObject({ incidentId: created.id, description: 'We are looking into it', status: 'INVESTIGATING', notifySubscribers: false })
    expect(created.incidentUpdates[0].publicIncidentUpdateDate).toBe(created.incidentUpdates[0].created_at)
    expect(await get(created.id)).toEqual(created)

    const newer = await open({ name: 'Website slow', services: [{ id: web.id, name: 'Website', accountId: t.accountId }] })
    const list = expectStatus(await t.call('GET', `${INCIDENTS}?limit=2`), 200)
    expect(list.entries.map((i: Json) => i.id)).toEqual([newer.id, created.id])
    expect(list).toMatchObject({ length: 2, nextId: null })
    const firstPage = expectStatus(await t.call('GET', `${INCIDENTS}?limit=1`), 200)
    expect(firstPage.entries.map((i: Json) => i.id)).toEqual([newer.id])
    const secondPage = expectStatus(await t.call('GET', `${INCIDENTS}?limit=1&nextId=${firstPage.nextId}`), 200)
    expect(secondPage).toMatchObject({ length: 1, entries: [{ id: created.id }], nextId: null })

    const renamed = expectStatus(await t.call('PUT', `${INCIDENTS}/${created.id}`, { name: 'API outage', severity: 'CRITICAL', lastUpdateStatus: 'RESOLVED' }), 200)
    expect(renamed).toMatchObject({ name: 'API outage', severity: 'CRITICAL', services: [api], lastUpdateStatus: 'INVESTIGATING' })
    expect(renamed.updated_at > created.updated_at).toBe(true)
    const patched = expectStatus(await t.call('PATCH', `${INCIDENTS}/${created.id}`, { services: [web.id, api.id, web.id] }), 200)
    expect(patched).toMatchObject({ name: 'API outage', services: [web, api] })

    expectStatus(await t.call('DELETE', `${INCIDENTS}/${created.id}`), 204)
    expectStatus(await t.call('GET', `${INCIDENTS}/${created.id}`), 404)
    expectStatus(await t.call('GET', `${INCIDENTS}/${created.id}/incident-updates`), 404)
    const updates = await buildStores(t.store).statusPageIncidentUpdates.list(t.accountId, { where: { incident_id: created.id } })
    expect(updates.total).toBe(0)
    expectStatus(await t.call('DELETE', `${INCIDENTS}/${newer.id}`), 204)
  })

  it('posts, lists, reads, changes and deletes incident updates, keeping lastUpdateStatus in step', async () => {
    const incident = await open()
    const identified = await post(incident.id, { description: 'Bad deploy', status: 'IDENTIFIED' })
    expect(identified).toMatchObject({ incidentId: incident.id, description: 'Bad deploy', status: 'IDENTIFIED', notifySubscribers: false, updated_at: null })
    const afterPost = await get(incident.id)
    expect(afterPost.lastUpdateStatus).toBe('IDENTIFIED')
    expect(afterPost.incidentUpdates.map((u: Json) => u.id)).toEqual([incident.incidentUpdates[0].id, identified.id])

    const list = await t.call('GET', `${INCIDENTS}/${incident.id}/incident-updates?limit=1&page=2`)
    expect(expectStatus(list, 200).map((u: Json) => u.id)).toEqual([identified.id])
    expect(list.headers['content-range']).toBe('1-1/2')
    expect(expectStatus(await t.call('GET', `${INCIDENTS}/${incident.id}/incident-updates/${identified.id}`), 200)).toEqual(identified)

    const changed = expectStatus(await t.call('PUT', `${INCIDENTS}/${incident.id}/incident-updates/${identified.id}`, { status: 'MONITORING' }), 200)
    expect(changed).toMatchObject({ description: 'Bad deploy', status: 'MONITORING' })
    expect((await get(incident.id)).lastUpdateStatus).toBe('MONITORING')
    expectStatus(await t.call('PATCH', `${INCIDENTS}/${incident.id}/incident-updates/${identified.id}`, { description: 'Rolled back' }), 200)

    expectStatus(await t.call('DELETE', `${INCIDENTS}/${incident.id}/incident-updates/${identified.id}`), 204)
    expectStatus(await t.call('GET', `${INCIDENTS}/${incident.id}/incident-updates/${identified.id}`), 404)
    expect((await get(incident.id)).lastUpdateStatus).toBe('INVESTIGATING')

    const only = expectStatus(await t.call('DELETE', `${INCIDENTS}/${incident.id}/incident-updates/${incident.incidentUpdates[0].id}`), 409)
    expect(only.message).toContain('at least one update')
    expect((await get(incident.id)).incidentUpdates).toHaveLength(1)
  })

  it('orders backfilled updates by their public date and computes resolvedAt and duration', async () => {
    const at = (time: string) => `2025-03-01T${time}:00.000Z`
    const incident = await open({ incidentUpdates: [{ description: 'Errors', status: 'INVESTIGATING', publicIncidentUpdateDate: at('10:00') }] })
    const resolved = await post(incident.id, { description: 'Fixed', status: 'RESOLVED', publicIncidentUpdateDate: at('10:30') })
    // A late backfill of an earlier step does not reopen the incident.
    const backfill = await post(incident.id, { description: 'Cause found', status: 'IDENTIFIED', publicIncidentUpdateDate: at('10:10') })
    let view = await get(incident.id)
    expect(view.incidentUpdates.map((u: Json) => u.id)).toEqual([incident.incidentUpdates[0].id, backfill.id, resolved.id])
    expect(view).toMatchObject({ lastUpdateStatus: 'RESOLVED', resolvedAt: at('10:30'), duration: 1800 })

    // Reopened: open again; resolved again: the duration runs to the final resolve.
    await post(incident.id, { description: 'Back again', status: 'INVESTIGATING', publicIncidentUpdateDate: at('11:00') })
    view = await get(incident.id)
    expect(view).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', resolvedAt: null, duration: null })
    await post(incident.id, { description: 'Fixed for good', status: 'RESOLVED', publicIncidentUpdateDate: at('12:00') })
    await post(incident.id, { description: 'Post-mortem', status: 'RESOLVED', publicIncidentUpdateDate: at('13:00') })
    view = await get(incident.id)
    expect(view).toMatchObject({ lastUpdateStatus: 'RESOLVED', resolvedAt: at('12:00'), duration: 7200 })
  })

  it('records the intended e-mail when notifySubscribers is set, once, when the update is first posted', async () => {
    const incident = await open({ incidentUpdates: [{ description: 'Down', status: 'INVESTIGATING', notifySubscribers: true }] })
    expect(incident.incidentUpdates[0].notifySubscribers).toBe(true)
    const quiet = await post(incident.id, { description: 'Quiet', status: 'IDENTIFIED' })
    const stores = buildStores(t.store)
    const stored = async (id: string) => (await stores.statusPageIncidentUpdates.get(t.accountId, id))?.doc
    expect(await stored(incident.incidentUpdates[0].id)).toMatchObject({ notifySubscribers: true, notified: false })
    expect(await stored(quiet.id)).toMatchObject({ notifySubscribers: false, notified: null })
    // Turning it on later does not queue an e-mail.
    expectStatus(await t.call('PUT', `${INCIDENTS}/${incident.id}/incident-updates/${quiet.id}`, { notifySubscribers: true }), 200)
    expect(await stored(quiet.id)).toMatchObject({ notifySubscribers: true, notified: null })
  })

  it('validates incidents and writes nothing when it refuses', async () => {
    const before = await total()
    const other = await t.otherAccount()
    const theirs = (await t.app.inject({ method: 'POST', url: '/v1/status-pages/services', headers: other.headers, payload: { name: 'Theirs' } })).json()
    const update = body().incidentUpdates[0]!
    const cases: Array<[Json, string]> = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'n'.repeat(256) }, 'name'],
      [{ severity: undefined }, 'severity'],
      [{ severity: 'HUGE' }, 'severity'],
      [{ services: undefined }, 'services'],
      [{ services: [] }, 'services'],
      [{ services: ['nope'] }, 'services[0]'],
      [{ services: [api.id, UNKNOWN] }, 'services[1]'],
      [{ services: [{ id: theirs.id }] }, 'services[0]'],
      [{ incidentUpdates: undefined }, 'incidentUpdates'],
      [{ incidentUpdates: [] }, 'incidentUpdates'],
      [{ incidentUpdates: [update, update] }, 'incidentUpdates'],
      [{ incidentUpdates: [{ status: 'INVESTIGATING' }] }, 'incidentUpdates[0].description'],
      [{ incidentUpdates: [{ description: 'x' }] }, 'incidentUpdates[0].status'],
      [{ incidentUpdates: [{ ...update, status: 'FIXED' }] }, 'incidentUpdates[0].status'],
      [{ incidentUpdates: [{ ...update, publicIncidentUpdateDate: 'yesterday' }] }, 'incidentUpdates[0].publicIncidentUpdateDate'],
      [{ incidentUpdates: [{ ...update, publicIncidentUpdateDate: '2999-01-01T00:00:00Z' }] }, 'incidentUpdates[0].publicIncidentUpdateDate'],
      [{ incidentUpdates: [{ ...update, notifySubscribers: 'yes' }] }, 'incidentUpdates[0].notifySubscribers'],
    ]
    for (const [extra, field] of cases) expect400(await t.call('POST', INCIDENTS, body(extra)), field)
    expect(await total()).toBe(before)

    const incident = await open()
    expect400(await t.call('PUT', `${INCIDENTS}/${incident.id}`, { name: '' }), 'name')
    expect400(await t.call('PUT', `${INCIDENTS}/${incident.id}`, { services: [] }), 'services')
    expect400(await t.call('PATCH', `${INCIDENTS}/${incident.id}`, { services: [UNKNOWN] }), 'services[0]')
    const path = `${INCIDENTS}/${incident.id}/incident-updates`
    expect400(await t.call('POST', path, { status: 'IDENTIFIED' }), 'description')
    expect400(await t.call('POST', path, { description: 'x' }), 'status')
    expect400(await t.call('POST', path, { description: 'x', status: 'IDENTIFIED', publicIncidentUpdateDate: '2999-01-01T00:00:00Z' }), 'publicIncidentUpdateDate')
    expect400(await t.call('PUT', `${path}/${incident.incidentUpdates[0].id}`, { status: 'DONE' }), 'status')
    expect400(await t.call('PUT', `${path}/${incident.incidentUpdates[0].id}`, { publicIncidentUpdateDate: '2999-01-01T00:00:00Z' }), 'publicIncidentUpdateDate')
    expect(await get(incident.id)).toEqual(incident)
  })

  it('answers 404 for unknown, malformed and mismatched ids', async () => {
    const a = await open()
    const b = await open()
    for (const id of [UNKNOWN, 'nope']) {
      expectStatus(await t.call('GET', `${INCIDENTS}/${id}`), 404)
      expectStatus(await t.call('PUT', `${INCIDENTS}/${id}`, { name: 'x' }), 404)
      expectStatus(await t.call('PATCH', `${INCIDENTS}/${id}`, { name: 'x' }), 404)
      expectStatus(await t.call('DELETE', `${INCIDENTS}/${id}`), 404)
      expectStatus(await t.call('POST', `${INCIDENTS}/${id}/incident-updates`, { description: 'x', status: 'RESOLVED' }), 404)
      expectStatus(await t.call('GET', `${INCIDENTS}/${a.id}/incident-updates/${id}`), 404)
    }
    const bUpdate = b.incidentUpdates[0].id
    expectStatus(await t.call('GET', `${INCIDENTS}/${a.id}/incident-updates/${bUpdate}`), 404)
    expectStatus(await t.call('PUT', `${INCIDENTS}/${a.id}/incident-updates/${bUpdate}`, { description: 'x' }), 404)
    expectStatus(await t.call('DELETE', `${INCIDENTS}/${a.id}/incident-updates/${bUpdate}`), 404)
    expect((await get(b.id)).incidentUpdates).toHaveLength(1)
  })

  it("never shows, changes or deletes another account's incidents and updates", async () => {
    const mine = await open()
    const updateId = mine.incidentUpdates[0].id
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', `${INCIDENTS}/${mine.id}`)).statusCode).toBe(404)
    expect((await as('PUT', `${INCIDENTS}/${mine.id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('PATCH', `${INCIDENTS}/${mine.id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `${INCIDENTS}/${mine.id}`)).statusCode).toBe(404)
    expect((await as('GET', `${INCIDENTS}/${mine.id}/incident-updates`)).statusCode).toBe(404)
    expect((await as('POST', `${INCIDENTS}/${mine.id}/incident-updates`, { description: 'x', status: 'RESOLVED' })).statusCode).toBe(404)
    expect((await as('GET', `${INCIDENTS}/${mine.id}/incident-updates/${updateId}`)).statusCode).toBe(404)
    expect((await as('PUT', `${INCIDENTS}/${mine.id}/incident-updates/${updateId}`, { description: 'x' })).statusCode).toBe(404)
    expect((await as('DELETE', `${INCIDENTS}/${mine.id}/incident-updates/${updateId}`)).statusCode).toBe(404)
    const list = await as('GET', INCIDENTS)
    expect(list.json()).toEqual({ length: 0, entries: [], nextId: null })
    // Nor can it open an incident on my service.
    const res = await as('POST', INCIDENTS, body())
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().attributes)).toEqual(['services[0]'])
    expect(await get(mine.id)).toEqual(mine)
  })

  it('opens and resolves incidents for alerting through the service interface', async () => {
    const pages = t.services.statusPages
    const opened = await pages.openIncident(t.accountId, { serviceId: web.id, name: 'Website down', severity: 'CRITICAL', description: 'Check failing', notifySubscribers: true })
    expect(opened).toMatchObject({ name: 'Website down', severity: 'CRITICAL', services: [web], lastUpdateStatus: 'INVESTIGATING' })
    const resolved = await pages.resolveIncident(t.accountId, String(opened.id), 'Check passing again')
    expect(resolved).toMatchObject({ lastUpdateStatus: 'RESOLVED' })
    const updates = resolved.incidentUpdates as Json[]
    expect(updates.map((u) => [u.status, u.description, u.notifySubscribers])).toEqual([
      ['INVESTIGATING', 'Check failing', true],
      ['RESOLVED', 'Check passing again', true],
    ])
    // Resolving again changes nothing.
    expect((await pages.resolveIncident(t.accountId, String(opened.id), 'again')).incidentUpdates).toHaveLength(2)
    await expect(pages.openIncident(t.accountId, { serviceId: UNKNOWN, name: 'x', severity: 'MINOR', description: '', notifySubscribers: false })).rejects.toMatchObject({
      statusCode: 400,
    })
    expect((await get(String(opened.id))).lastUpdateStatus).toBe('RESOLVED')
  })
})
