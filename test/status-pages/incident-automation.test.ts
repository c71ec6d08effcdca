/**
 * Incidents a check's triggerIncident opens and resolves, through the real engine, a local target and the API on
 * every test database: a person's incident on the same service is neither joined nor resolved by automation; the
 * checks of one service share one automatic incident, resolved when the last of them recovers; a check tied to its
 * service after its failure was alerted opens the incident at its next failing run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startFlow, type Flow } from '../alerting/alert-flow-kit.js'

type Json = Record<string, unknown>

describe.each(testDbs)('incident automation on $name', (db) => {
  let f: Flow
  beforeAll(async () => {
    f = await startFlow(db)
  })
  afterAll(async () => {
    await f?.close()
  })
  const ok = async (method: 'POST' | 'PUT', url: string, body: unknown, status = 200): Promise<Json> => {
    const res = await f.t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as Json
  }
  const service = async (name: string) => String((await ok('POST', '/v1/status-pages/services', { name }, 200)).id)
  const trigger = (serviceId: string, name: string) => ({ serviceId, severity: 'MAJOR', name, description: `${name}.`, notifySubscribers: false })
  /** The incidents of a service, oldest first, as the API lists them. */
  const incidentsOf = async (serviceId: string) => {
    const all = ((await f.t.call('GET', '/v1/status-pages/incidents?limit=100')).json() as { entries: Array<Json & { services: Json[] }> }).entries
    return all.filter((i) => i.services.some((s) => s.id === serviceId)).reverse()
  }
  const summary = async (serviceId: string) => (await incidentsOf(serviceId)).map((i) => `${String(i.name)}: ${String(i.lastUpdateStatus)}`)

  it('leaves a manual incident alone: it is not joined, not resolved, and the automatic one comes and goes beside it', async () => {
    const id = await service('Shop API')
    await ok(
      'POST',
      '/v1/status-pages/incidents',
      { name: 'Planned migration', severity: 'MINOR', services: [id], incidentUpdates: [{ description: 'Moving data', status: 'INVESTIGATING' }] },
      201,
    )
    f.target.set('manual', { status: 500 })
    const check = await f.createCheck('manual', { triggerIncident: trigger(id, 'Shop API is failing') })
    await f.runSlot(check)
    expect(await summary(id)).toEqual(['Planned migration: INVESTIGATING', 'Shop API is failing: INVESTIGATING'])
    f.target.set('manual', { status: 200 })
    await f.runSlot(check)
    expect(await summary(id)).toEqual(['Planned migration: INVESTIGATING', 'Shop API is failing: RESOLVED'])
  })

  it('opens one incident for the checks of one service and resolves it when the last of them recovers', async () => {
    const id = await service('Checkout')
    f.target.set('first', { status: 500 })
    f.target.set('second', { status: 500 })
    // The second check starts failing once the first one's incident is open (a slot may run both checks).
    const first = await f.createCheck('first', { triggerIncident: trigger(id, 'Checkout is failing') })
    await f.runSlot(first)
    expect(await summary(id)).toEqual(['Checkout is failing: INVESTIGATING'])
    const second = await f.createCheck('second', { triggerIncident: trigger(id, 'Payments are failing') })
    await f.runSlot(second)
    expect(await f.alertTypes(second)).toEqual(['ALERT_FAILURE'])
    expect(await summary(id)).toEqual(['Checkout is failing: INVESTIGATING'])
    f.target.set('first', { status: 200 })
    await f.runSlot(first)
    await f.runSlot(second)
    expect(await summary(id)).toEqual(['Checkout is failing: INVESTIGATING'])
    f.target.set('second', { status: 200 })
    await f.runSlot(second)
    expect(await summary(id)).toEqual(['Checkout is failing: RESOLVED'])
    const [incident] = await incidentsOf(id)
    expect((incident?.incidentUpdates as Json[]).map((u) => u.description)).toEqual(['Checkout is failing.', 'Check "check second" has recovered.'])
  })

  it('opens the incident at the next failing run of a check tied to its service after its failure was alerted', async () => {
    const id = await service('Search')
    f.target.set('late', { status: 500 })
    const check = await f.createCheck('late')
    await f.runSlot(check)
    expect(await f.alertTypes(check)).toEqual(['ALERT_FAILURE'])
    await ok('PUT', `/v1/checks/api/${check}`, { triggerIncident: trigger(id, 'Search is failing') })
    expect(await summary(id)).toEqual([])
    await f.runSlot(check)
    expect(await summary(id)).toEqual(['Search is failing: INVESTIGATING'])
    expect(await f.alertTypes(check)).toEqual(['ALERT_FAILURE'])
    f.target.set('late', { status: 200 })
    await f.runSlot(check)
    expect(await summary(id)).toEqual(['Search is failing: RESOLVED'])
  })
})
