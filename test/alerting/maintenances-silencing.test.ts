/**
 * A maintenance (an occurrence of a maintenance window) silences the alerts of the window's checks while it is on;
 * ending it early, cancelling it or deleting it stops the silencing at once, and its status updates are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { MIN, startFlow, type Flow } from './alert-flow-kit.js'

type Json = Record<string, unknown>
type Maintenance = Json & { id: string; status: string; startsAt: string; endsAt: string; updates: Json[] }

/** Ways to stop a maintenance that is on: a request on the maintenance's address and the status it then shows. */
const ENDINGS: Array<[string, 'PATCH' | 'POST' | 'DELETE', string, (now: number) => Json | undefined, string | null]> = [
  ['PATCH endsAt now', 'PATCH', '', (now) => ({ endsAt: new Date(now).toISOString() }), 'COMPLETED'],
  ['PATCH status COMPLETED', 'PATCH', '', () => ({ status: 'COMPLETED' }), 'COMPLETED'],
  ['PATCH status CANCELLED', 'PATCH', '', () => ({ status: 'CANCELLED' }), 'CANCELLED'],
  ['an update COMPLETED', 'POST', '/updates', () => ({ status: 'COMPLETED', description: 'Done early.', notifySubscribers: true }), 'COMPLETED'],
  ['an update CANCELLED', 'POST', '/updates', () => ({ status: 'CANCELLED', description: 'Called off.' }), 'CANCELLED'],
  ['DELETE', 'DELETE', '', () => undefined, null],
]

describe.each(testDbs)('maintenances and silencing on $name', (db) => {
  let f: Flow
  beforeAll(async () => {
    f = await startFlow(db)
  })
  afterAll(async () => {
    await f.close()
  })

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, status = 200) => {
    const res = await f.t.call(method, url, body)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status)
    return res.body === '' ? undefined : (res.json() as unknown)
  }
  /** A window on for two hours around now, for checks tagged `tag`, and its maintenance that is on. */
  const windowOn = async (tag: string) => {
    const now = f.clock.now()
    const body = { name: `upgrade ${tag}`, tags: [tag], startsAt: new Date(now - 30 * MIN).toISOString(), endsAt: new Date(now + 90 * MIN).toISOString() }
    const window = (await call('POST', '/v1/maintenance-windows', body, 201)) as { id: number }
    const list = (await call('GET', `/v1/maintenance-windows/${window.id}/maintenances`)) as Maintenance[]
    expect(list.map((m) => m.status)).toEqual(['IN_PROGRESS'])
    return { url: `/v1/maintenance-windows/${window.id}/maintenances/${list[0]!.id}`, windowUrl: `/v1/maintenance-windows/${window.id}` }
  }

  it.each(ENDINGS)('%s stops the silencing at once', async (_name, method, suffix, body, shown) => {
    const tag = `tag-${Math.random().toString(36).slice(2, 8)}`
    const { url } = await windowOn(tag)
    f.target.set(tag, { status: 500 })
    const id = await f.createCheck(tag, { tags: [tag] })
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual([])

    await call(method, `${url}${suffix}`, body(f.clock.now()), method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])

    if (shown === null) await call('GET', url, undefined, 404)
    else expect(((await call('GET', url)) as Maintenance).status).toBe(shown)
    expect((await f.t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
  })

  it('keeps status updates, moves the dates a status implies, and lets them be edited and deleted', async () => {
    const { url, windowUrl } = await windowOn('kept')
    const first = (await call('POST', `${url}/updates`, { status: 'VERIFYING', description: 'Checking replicas.' }, 201)) as Json
    expect(first).toMatchObject({ status: 'VERIFYING', previousStatus: 'IN_PROGRESS', notifySubscribers: false, dateAdjustments: null })
    expect(((await call('GET', url)) as Maintenance).status).toBe('VERIFYING')
    const before = (await call('GET', url)) as Maintenance
    const second = (await call('POST', `${url}/updates`, { status: 'COMPLETED', description: 'All done.' }, 201)) as Json
    const now = new Date(f.clock.now()).toISOString()
    expect(second).toMatchObject({ previousStatus: 'VERIFYING', previousEndsAt: before.endsAt, dateAdjustments: { startsAt: before.startsAt, endsAt: now } })

    const edited = (await call('PUT', `${url}/updates/${String(first.id)}`, { description: 'Checking both replicas.' })) as Json
    expect(edited).toMatchObject({ id: first.id, status: 'VERIFYING', description: 'Checking both replicas.' })
    const after = (await call('GET', url)) as Maintenance
    expect(after).toMatchObject({ status: 'COMPLETED', endsAt: now })
    expect(after.updates.map((u) => [u.status, u.description])).toEqual([
      ['VERIFYING', 'Checking both replicas.'],
      ['COMPLETED', 'All done.'],
    ])

    // Editing the window's name keeps its maintenances and their updates.
    await call('PUT', windowUrl, { name: 'renamed' })
    expect(((await call('GET', url)) as Maintenance).updates).toHaveLength(2)
    await call('DELETE', `${url}/updates/${String(first.id)}`, undefined, 204)
    expect(((await call('GET', url)) as Maintenance).updates.map((u) => u.id)).toEqual([second.id])
    await call('PATCH', url, { startsAt: now, endsAt: now }, 400)
  })

  it('lists a repeating window as its begun occurrences and the next one; another account sees none of them', async () => {
    const now = f.clock.now()
    const body = {
      name: 'nightly',
      tags: ['nightly'],
      startsAt: new Date(now - 3 * 24 * 60 * MIN).toISOString(),
      endsAt: new Date(now - 3 * 24 * 60 * MIN + 60 * MIN).toISOString(),
      repeatInterval: 1,
      repeatUnit: 'DAY',
    }
    const window = (await call('POST', '/v1/maintenance-windows', body, 201)) as { id: number }
    const list = (await call('GET', `/v1/maintenance-windows/${window.id}/maintenances?limit=50`)) as Maintenance[]
    expect(list.map((m) => m.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'IN_PROGRESS', 'SCHEDULED'])
    // Listing again keeps the same maintenances.
    expect(((await call('GET', `/v1/maintenance-windows/${window.id}/maintenances?limit=50`)) as Maintenance[]).map((m) => m.id)).toEqual(list.map((m) => m.id))

    const other = await f.t.otherAccount()
    for (const url of [`/v1/maintenance-windows/${window.id}/maintenances`, `/v1/maintenance-windows/${window.id}/maintenances/${list[0]!.id}`]) {
      expect((await f.t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404)
    }
    const patch = await f.t.app.inject({
      method: 'PATCH',
      url: `/v1/maintenance-windows/${window.id}/maintenances/${list[3]!.id}`,
      headers: other.headers,
      payload: { status: 'CANCELLED' },
    })
    expect(patch.statusCode).toBe(404)
    expect(((await call('GET', `/v1/maintenance-windows/${window.id}/maintenances/${list[3]!.id}`)) as Maintenance).status).toBe('IN_PROGRESS')
  })
})
