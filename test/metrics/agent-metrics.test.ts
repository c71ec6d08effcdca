/** Agents and private locations as the gauges read them from the store on each scrape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startMetricsApp, type MetricsApp } from './metrics-wiring-kit.js'
import { sampleIn } from './scrape.js'

describe.each(testDbs)('agent gauges on $name', (db) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let m: MetricsApp
  beforeAll(async () => {
    m = await startMetricsApp(db, { enabled: true, port: null, token: undefined }, { clock })
  })
  afterAll(() => m.close())

  const location = async (slugName: string) => {
    const res = await m.t.call('POST', '/v1/private-locations', { name: slugName, slugName })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  const seen = (locationId: string, agentId: string, at: number) =>
    m.t.store.db
      .insertInto('private_location_agents')
      .values({ location_id: locationId, agent_id: agentId, account_id: m.t.accountId, version: '1', last_seen_at: at, jobs_in_flight: 0 })
      .execute()
  const scrape = async () => (await m.app.inject({ method: 'GET', url: '/metrics' })).body

  it('counts agents seen within the window, locations with agents and unavailable locations', async () => {
    const office = await location('office')
    const lab = await location('lab')
    const gone = await location('gone')
    await seen(office, 'agent-1', clock.now() - 1_000)
    await seen(office, 'agent-2', clock.now() - 60_000)
    await seen(office, 'agent-old', clock.now() - 3_600_000)
    await seen(lab, 'agent-3', clock.now() - 3_600_000)
    await seen(gone, 'agent-4', clock.now() - 3_600_000)
    for (const id of [lab, gone]) {
      await m.t.store.db
        .insertInto('private_location_availability')
        .values({ location_id: id, account_id: m.t.accountId, status: 'UNAVAILABLE', changed_at: clock.now() - 1_000 })
        .execute()
    }
    expect((await m.t.call('DELETE', `/v1/private-locations/${gone}`)).statusCode).toBe(204)
    const text = await scrape()
    expect(sampleIn(text, 'picket_agents_connected')).toBe(2)
    expect(sampleIn(text, 'picket_private_locations_connected')).toBe(1)
    expect(sampleIn(text, 'picket_private_locations_unavailable')).toBe(1)
  })
})
