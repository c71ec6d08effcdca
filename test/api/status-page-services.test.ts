/** Status page services through the API: CRUD, validation, isolation, cursor lists and what keeps one from being deleted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
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

const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

const expect400 = (res: LightMyRequestResponse, field: string) => {
  const body = expectStatus(res, 400)
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  expect(Object.keys(body.attributes), JSON.stringify(body.attributes)).toContain(field)
}

describe.each(testDbs)('status page services on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { clock: tickingClock() })
  })
  afterAll(() => t.close())

  const createService = async (name: string) => expectStatus(await t.call('POST', '/v1/status-pages/services', { name }), 200)

  it('creates, reads, lists, renames and deletes a service', async () => {
    const created = await createService('API')
    expect(created).toMatchObject({ name: 'API', accountId: t.accountId, updated_at: null })
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at)

    expect(expectStatus(await t.call('GET', `/v1/status-pages/services/${created.id}`), 200)).toEqual(created)
    expect(expectStatus(await t.call('GET', `/v1/status-pages/services/${created.id.toUpperCase()}`), 200).id).toBe(created.id)

    await createService('Website')
    const first = expectStatus(await t.call('GET', '/v1/status-pages/services?limit=1'), 200)
    expect(first).toMatchObject({ length: 1, entries: [{ name: 'API' }] })
    const second = expectStatus(await t.call('GET', `/v1/status-pages/services?limit=1&nextId=${first.nextId}`), 200)
    expect(second).toMatchObject({ length: 1, entries: [{ name: 'Website' }], nextId: null })
    expect(expectStatus(await t.call('GET', '/v1/status-pages/services?limit=1&paginated=false'), 200)).toMatchObject({ length: 2, nextId: null })

    const renamed = expectStatus(await t.call('PUT', `/v1/status-pages/services/${created.id}`, { name: 'Public API', id: 'ignored' }), 200)
    expect(renamed).toMatchObject({ id: created.id, name: 'Public API', created_at: created.created_at })
    expect(typeof renamed.updated_at).toBe('string')

    expectStatus(await t.call('DELETE', `/v1/status-pages/services/${created.id}`), 204)
    expectStatus(await t.call('GET', `/v1/status-pages/services/${created.id}`), 404)
    expectStatus(await t.call('DELETE', `/v1/status-pages/services/${created.id}`), 404)
  })

  it('validates the name', async () => {
    const before = expectStatus(await t.call('GET', '/v1/status-pages/services?limit=100'), 200).length as number
    expect400(await t.call('POST', '/v1/status-pages/services', {}), 'name')
    expect400(await t.call('POST', '/v1/status-pages/services', { name: '' }), 'name')
    expect400(await t.call('POST', '/v1/status-pages/services', { name: 'x'.repeat(256) }), 'name')
    expect400(await t.call('POST', '/v1/status-pages/services', { name: 42 }), 'name')
    const id = (await createService('Valid')).id
    expect400(await t.call('PUT', `/v1/status-pages/services/${id}`, {}), 'name')
    expect(expectStatus(await t.call('GET', `/v1/status-pages/services?limit=100`), 200).entries).toHaveLength(before + 1)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [UNKNOWN, 'nope', '123']) {
      expectStatus(await t.call('GET', `/v1/status-pages/services/${id}`), 404)
      expectStatus(await t.call('PUT', `/v1/status-pages/services/${id}`, { name: 'x' }), 404)
      expectStatus(await t.call('DELETE', `/v1/status-pages/services/${id}`), 404)
    }
  })

  it("never shows, changes or deletes another account's services", async () => {
    const mine = await createService('Mine')
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', `/v1/status-pages/services/${mine.id}`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/status-pages/services/${mine.id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/status-pages/services/${mine.id}`)).statusCode).toBe(404)
    const list = await as('GET', '/v1/status-pages/services')
    expect(list.json()).toEqual({ length: 0, entries: [], nextId: null })
    expect(expectStatus(await t.call('GET', `/v1/status-pages/services/${mine.id}`), 200).name).toBe('Mine')
  })

  it("lets a check's triggerIncident name its own service but not another account's", async () => {
    const mine = await createService('Checkout')
    const other = await t.otherAccount()
    const theirs = (await t.app.inject({ method: 'POST', url: '/v1/status-pages/services', headers: other.headers, payload: { name: 'Theirs' } })).json()
    const body = (serviceId: string) => ({
      name: 'Checkout API',
      request: { url: 'https://shop.example.com/health' },
      triggerIncident: { serviceId, severity: 'CRITICAL', name: 'Checkout down', description: 'Checkout fails', notifySubscribers: false },
    })
    const created = expectStatus(await t.call('POST', '/v1/checks/api', body(mine.id)), 201)
    expect(created.triggerIncident).toMatchObject({ serviceId: mine.id, severity: 'CRITICAL' })

    const checksBefore = (await t.call('GET', '/v1/checks')).headers['content-range']
    const rejected = expectStatus(await t.call('POST', '/v1/checks/api', body(theirs.id)), 400)
    expect(Object.keys(rejected.attributes)).toEqual(['triggerIncident.serviceId'])
    expect400(await t.call('POST', '/v1/checks/api', body(UNKNOWN)), 'triggerIncident.serviceId')
    expect((await t.call('GET', '/v1/checks')).headers['content-range']).toBe(checksBefore)
  })

  it('refuses to delete a service a page card, an open incident or a check uses, and says which', async () => {
    const service = await createService('Shared')
    const page = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'P', url: 'shared-svc-page', cards: [{ name: 'C', services: [service.id] }] }), 201)
    const incident = expectStatus(
      await t.call('POST', '/v1/status-pages/incidents', {
        name: 'Down',
        severity: 'MAJOR',
        services: [service.id],
        incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }],
      }),
      201,
    )
    const check = expectStatus(
      await t.call('POST', '/v1/checks/api', {
        name: 'uses service',
        request: { url: 'https://example.com' },
        triggerIncident: { serviceId: service.id, severity: 'CRITICAL', name: 'n', description: 'd', notifySubscribers: false },
      }),
      201,
    )

    const conflict = expectStatus(await t.call('DELETE', `/v1/status-pages/services/${service.id}`), 409)
    expect(conflict.error).toBe('Conflict')
    expect(conflict.attributes).toEqual({ statusPages: [page.id], incidents: [incident.id], checks: [check.id] })
    expect(conflict.message).toContain(page.id)

    expectStatus(await t.call('PUT', `/v1/status-pages/${page.id}`, { cards: [] }), 200)
    expectStatus(await t.call('DELETE', `/v1/checks/${check.id}`), 204)
    expect(expectStatus(await t.call('DELETE', `/v1/status-pages/services/${service.id}`), 409).attributes).toEqual({ incidents: [incident.id] })

    // A resolved incident does not block, and still shows the service by name.
    expectStatus(await t.call('POST', `/v1/status-pages/incidents/${incident.id}/incident-updates`, { description: 'Fixed', status: 'RESOLVED' }), 200)
    expectStatus(await t.call('DELETE', `/v1/status-pages/services/${service.id}`), 204)
    const after = expectStatus(await t.call('GET', `/v1/status-pages/incidents/${incident.id}`), 200)
    expect(after.services).toEqual([{ id: service.id, accountId: t.accountId, name: 'Shared', created_at: service.created_at, updated_at: null }])
  })
})
