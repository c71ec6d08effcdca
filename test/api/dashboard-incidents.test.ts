/**
 * The dashboard incident routes (/v1/incidents) and the status page incident routes share their records: an
 * incident made through either is read, changed and deleted through the other, with its updates, and shows on the
 * public status pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const SP = '/v1/status-pages/incidents'
const MIN = 60_000

const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

describe.each(testDbs)('dashboard incidents share the status page incidents on $name', (db) => {
  let t: TestApp
  let clock: FakeClock
  let dashboardId: number
  let service: Json
  let pageId: string
  beforeAll(async () => {
    clock = new FakeClock(Date.UTC(2026, 2, 1, 9, 0, 0))
    t = await startTestApp(db, { clock })
    dashboardId = expectStatus(await t.call('POST', '/v1/dashboards', { header: 'Ops', customUrl: 'ops-incidents' }), 201).id
    service = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'Checkout' }), 200)
    pageId = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Acme', url: 'acme-shared', cards: [{ name: 'Shop', services: [service.id] }] }), 201).id
    const subscribed = { subscriptions: [{ type: 'EMAIL', config: 'ops@example.com' }], autoVerify: true }
    expectStatus(await t.call('POST', `/v1/status-pages/${pageId}/subscriptions/bulk`, subscribed), 201)
  })
  afterAll(() => t.close())

  const page = async () => (await t.app.inject({ method: 'GET', url: '/status-pages/acme-shared' })).body
  const later = () => clock.advance(MIN)
  const openOnDashboard = async (extra: Json = {}) => {
    later()
    return expectStatus(
      await t.call('POST', '/v1/incidents', {
        name: 'Payments fail',
        impact: 'MAJOR',
        dashboardId,
        incidentUpdates: [{ status: 'INVESTIGATING', description: 'Card payments fail.' }],
        ...extra,
      }),
      200,
    )
  }

  it('shows an incident opened on a dashboard under the status page routes and on the public page, and deletes it from there', async () => {
    const made = await openOnDashboard()
    expect(made).toMatchObject({ name: 'Payments fail', impact: 'MAJOR', dashboardId, stoppedAt: null, startedAt: made.created_at })
    expect(made.incidentUpdates).toMatchObject([{ status: 'INVESTIGATING', description: 'Card payments fail.', incidentId: made.id }])

    const seen = expectStatus(await t.call('GET', `${SP}/${made.id}`), 200)
    expect(seen).toMatchObject({ id: made.id, name: 'Payments fail', severity: 'MAJOR', services: [], lastUpdateStatus: 'INVESTIGATING' })
    expect(seen.incidentUpdates.map((u: Json) => u.id)).toEqual([made.incidentUpdates[0].id])
    expect(expectStatus(await t.call('GET', `${SP}?limit=100`), 200).entries.map((i: Json) => i.id)).toContain(made.id)

    // It names no services, so it concerns the whole account: the page shows it and is not all operational.
    const html = await page()
    expect(html).toContain('Payments fail')
    expect(html).not.toContain('All systems operational')
    // And the page's subscribers hear of its updates.
    later()
    const update = { description: 'Payments work again', status: 'RESOLVED', notifySubscribers: true }
    expectStatus(await t.call('POST', `${SP}/${made.id}/incident-updates`, update), 200)
    const queued = await t.services.statusPageSubscribers.deliverDue()
    expect(queued.attempted).toBe(1)

    expectStatus(await t.call('DELETE', `${SP}/${made.id}`), 204)
    expectStatus(await t.call('GET', `/v1/incidents/${made.id}`), 404)
    expect(await page()).not.toContain('Payments fail')
  })

  it('reads, changes and deletes through /v1/incidents an incident opened on status page services', async () => {
    later()
    const opened = expectStatus(
      await t.call('POST', SP, {
        name: 'Checkout slow',
        severity: 'CRITICAL',
        services: [service.id],
        incidentUpdates: [{ description: 'Slow checkouts', status: 'INVESTIGATING' }],
      }),
      201,
    )
    later()
    const posted = expectStatus(await t.call('POST', `${SP}/${opened.id}/incident-updates`, { description: 'Database failover', status: 'IDENTIFIED' }), 200)

    const latestOnly = expectStatus(await t.call('GET', `/v1/incidents/${opened.id}`), 200)
    expect(latestOnly).toMatchObject({ id: opened.id, name: 'Checkout slow', impact: 'MAJOR', dashboardId: 0, startedAt: opened.created_at, stoppedAt: null })
    expect(latestOnly.incidentUpdates.map((u: Json) => u.id)).toEqual([posted.id])
    const all = expectStatus(await t.call('GET', `/v1/incidents/${opened.id}?includeAllIncidentUpdates=true`), 200)
    expect(all.incidentUpdates.map((u: Json) => u.id)).toEqual([posted.id, opened.incidentUpdates[0].id])

    later()
    const changed = expectStatus(await t.call('PUT', `/v1/incidents/${opened.id}`, { name: 'Checkout degraded', impact: 'MINOR' }), 200)
    expect(changed).toMatchObject({ name: 'Checkout degraded', impact: 'MINOR' })
    expect(changed.incidentUpdates).toBeUndefined()
    expect(expectStatus(await t.call('GET', `${SP}/${opened.id}`), 200)).toMatchObject({ name: 'Checkout degraded', severity: 'MINOR', services: [{ id: service.id }] })

    later()
    const maintenance = expectStatus(await t.call('POST', `/v1/incidents/${opened.id}/updates`, { status: 'MAINTENANCE', description: 'Replacing the database' }), 201)
    expect(maintenance).toMatchObject({ status: 'MAINTENANCE', incidentId: opened.id })
    // Status pages know four statuses: maintenance shows there as IDENTIFIED (the cause is known, work is under way).
    const onPages = expectStatus(await t.call('GET', `${SP}/${opened.id}/incident-updates/${maintenance.id}`), 200)
    expect(onPages).toMatchObject({ status: 'IDENTIFIED', description: 'Replacing the database' })
    expect(await page()).toContain('Replacing the database')

    const edited = expectStatus(await t.call('PUT', `/v1/incidents/${opened.id}/updates/${posted.id}`, { description: 'Database failover done' }), 200)
    expect(edited).toMatchObject({ id: posted.id, status: 'IDENTIFIED', description: 'Database failover done' })
    expect(typeof edited.updated_at).toBe('string')
    expect(expectStatus(await t.call('GET', `${SP}/${opened.id}/incident-updates/${posted.id}`), 200).description).toBe('Database failover done')

    later()
    const resolved = expectStatus(await t.call('POST', `/v1/incidents/${opened.id}/updates`, { status: 'RESOLVED', description: 'All good' }), 201)
    expect(expectStatus(await t.call('GET', `${SP}/${opened.id}`), 200)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 4 * 60 })
    expect(expectStatus(await t.call('GET', `/v1/incidents/${opened.id}`), 200).stoppedAt).toBe(resolved.created_at)

    expectStatus(await t.call('DELETE', `/v1/incidents/${opened.id}/updates/${maintenance.id}`), 204)
    expectStatus(await t.call('GET', `${SP}/${opened.id}/incident-updates/${maintenance.id}`), 404)
    expectStatus(await t.call('DELETE', `/v1/incidents/${opened.id}`), 204)
    expectStatus(await t.call('GET', `${SP}/${opened.id}`), 404)
  })

  it('keeps the dates it is given, and a severity changed on the status page side wins over the impact', async () => {
    const made = await openOnDashboard({ impact: 'MAINTENANCE', startedAt: '2026-03-01T08:00:00.000Z' })
    expect(made).toMatchObject({ impact: 'MAINTENANCE', startedAt: '2026-03-01T08:00:00.000Z', stoppedAt: null })
    expect(expectStatus(await t.call('GET', `${SP}/${made.id}`), 200).severity).toBe('MINOR')
    const stopped = expectStatus(await t.call('PUT', `/v1/incidents/${made.id}`, { name: 'Payments fail', impact: 'MAINTENANCE', stoppedAt: '2026-03-01T10:00:00.000Z' }), 200)
    expect(stopped).toMatchObject({ startedAt: '2026-03-01T08:00:00.000Z', stoppedAt: '2026-03-01T10:00:00.000Z' })
    expectStatus(await t.call('PUT', `${SP}/${made.id}`, { severity: 'MAJOR' }), 200)
    expect(expectStatus(await t.call('GET', `/v1/incidents/${made.id}`), 200).impact).toBe('MAJOR')
    expectStatus(await t.call('DELETE', `/v1/incidents/${made.id}`), 204)
  })

  it('validates bodies, and answers 404 for unknown dashboards, incidents, updates and other accounts', async () => {
    const body = { name: 'x', impact: 'MAJOR', dashboardId, incidentUpdates: [{ status: 'INVESTIGATING', description: 'x' }] }
    const cases: Array<[Json, string]> = [
      [{ ...body, impact: 'HUGE' }, 'impact'],
      [{ ...body, name: '' }, 'name'],
      [{ ...body, dashboardId: undefined }, 'dashboardId'],
      [{ ...body, incidentUpdates: [] }, 'incidentUpdates'],
      [{ ...body, incidentUpdates: [{ status: 'DONE', description: 'x' }] }, 'incidentUpdates[0].status'],
      [{ ...body, startedAt: 'yesterday' }, 'startedAt'],
    ]
    for (const [payload, field] of cases) {
      expect(Object.keys(expectStatus(await t.call('POST', '/v1/incidents', payload), 400).attributes)).toContain(field)
    }
    expectStatus(await t.call('POST', '/v1/incidents', { ...body, dashboardId: 999_999 }), 404)

    const made = await openOnDashboard()
    expect(Object.keys(expectStatus(await t.call('PUT', `/v1/incidents/${made.id}`, { name: 'only a name' }), 400).attributes)).toContain('impact')
    expectStatus(await t.call('PUT', `/v1/incidents/${made.id}/updates/${UNKNOWN}`, { description: 'x' }), 404)
    expectStatus(await t.call('DELETE', `/v1/incidents/${made.id}/updates/${made.incidentUpdates[0].id}`), 409)
    for (const url of [`/v1/incidents/${UNKNOWN}`, '/v1/incidents/nope']) expectStatus(await t.call('GET', url), 404)

    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', `/v1/incidents/${made.id}`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/incidents/${made.id}`, { name: 'stolen', impact: 'MINOR' })).statusCode).toBe(404)
    expect((await as('POST', `/v1/incidents/${made.id}/updates`, { status: 'RESOLVED', description: 'x' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/incidents/${made.id}`)).statusCode).toBe(404)
    // Nor can it open one on my dashboard.
    expect((await as('POST', '/v1/incidents', body)).statusCode).toBe(404)
    expect(expectStatus(await t.call('GET', `/v1/incidents/${made.id}`), 200).name).toBe('Payments fail')
    expectStatus(await t.call('DELETE', `/v1/incidents/${made.id}`), 204)
  })
})
