/**
 * A status page service's shown state follows the checks tied to it (triggerIncident), through the real HTTP app
 * on every test database: its state is the worst of its open incidents and of its running tied checks' current
 * results (degraded → degraded performance; failing → the trigger's severity), so a failing check is never shown
 * as operational, with or without an incident a person posted; a paused check says nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow } from '../helpers/result-rows.js'
import { serviceBlock } from '../helpers/status-page-site.js'

type Json = Record<string, unknown>
type Status = 'passing' | 'degraded' | 'failing'
type Case = [string, Status, { severity: string } | null, boolean, string, string]

describe.each(testDbs)('a service follows its tied checks on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(Date.UTC(2026, 5, 10, 12))
  let n = 0
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(async () => {
    await t?.close()
  })
  const ok = async (method: 'POST' | 'PUT', url: string, body: unknown, status = 201): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as Json
  }
  /** Stores a final result of the check, newer than any before: its current status. */
  const report = async (checkId: string, status: Status) => {
    const row = finalResultRow(t.accountId, checkId, { location: 'us-east-1', startedAt: clock.now() + n++ * 1000, status, responseTime: 20 }, n)
    const stores = buildStores(t.store)
    await stores.results.insertMany([row])
    await stores.results.applyStatuses([row])
  }

  it.each<Case>([
    ['passing, no incident', 'passing', null, true, 'Operational', 'All systems operational'],
    ['degraded, no incident', 'degraded', null, true, 'Degraded performance', 'Degraded performance'],
    ['failing, no incident: the trigger severity', 'failing', null, true, 'Critical outage', 'Critical outage'],
    ['passing, a manual minor incident', 'passing', { severity: 'MINOR' }, true, 'Degraded performance', 'Degraded performance'],
    ['degraded, a manual major incident: the worse wins', 'degraded', { severity: 'MAJOR' }, true, 'Major outage', 'Major outage'],
    ['failing, a manual minor incident: the check wins', 'failing', { severity: 'MINOR' }, true, 'Critical outage', 'Critical outage'],
    ['failing but paused: says nothing', 'failing', null, false, 'Operational', 'All systems operational'],
  ])('%s', async (name, status, manual, activated, state, banner) => {
    const slug = `follows-${n++}`
    const service = String((await ok('POST', '/v1/status-pages/services', { name: 'Shop API' }, 200)).id)
    await ok('POST', '/v1/status-pages', { name: 'Acme', url: slug, cards: [{ name: 'Shop', services: [service] }] })
    const check = await ok('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: `check ${name}`,
      activated,
      frequency: 10,
      locations: ['us-east-1'],
      request: { method: 'GET', url: 'http://127.0.0.1:9/health' },
      triggerIncident: { serviceId: service, severity: 'CRITICAL', name: 'Shop API is failing', description: 'Orders fail.', notifySubscribers: false },
    })
    if (manual) {
      const body = { name: 'Posted by a person', severity: manual.severity, services: [service], incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }] }
      await ok('POST', '/v1/status-pages/incidents', body)
    }
    await report(String(check.id), status)
    const res = await t.app.inject({ method: 'GET', url: `/status-pages/${slug}` })
    expect(res.statusCode).toBe(200)
    expect(serviceBlock(res.body, 'Shop API')).toMatch(new RegExp(`<span class="state[^"]*">${state}</span>`))
    expect(res.body).toMatch(new RegExp(`<div class="banner [a-z]+" role="status">${banner}</div>`))
  })

  it('shows the service operational again once the check passes', async () => {
    const service = String((await ok('POST', '/v1/status-pages/services', { name: 'Shop API' }, 200)).id)
    await ok('POST', '/v1/status-pages', { name: 'Acme', url: 'recovers', cards: [{ name: 'Shop', services: [service] }] })
    const check = await ok('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'recovering check',
      frequency: 10,
      locations: ['us-east-1'],
      request: { method: 'GET', url: 'http://127.0.0.1:9/health' },
      triggerIncident: { serviceId: service, severity: 'MAJOR', name: 'Shop API is failing', description: 'Orders fail.', notifySubscribers: false },
    })
    const stateNow = async () => serviceBlock((await t.app.inject({ method: 'GET', url: '/status-pages/recovers' })).body, 'Shop API')
    await report(String(check.id), 'failing')
    expect(await stateNow()).toContain('>Major outage</span>')
    await report(String(check.id), 'passing')
    expect(await stateNow()).toContain('<span class="state">Operational</span>')
  })
})
