/**
 * When an agent stops counting as connected (a location's agentCount and the picket_agents_connected gauge), on a
 * fake clock and both stores: one that says goodbye (a heartbeat with leaving) at once; one that went silent (it
 * died) once a minute passed without a word, not after the 10 minutes after which the location is unavailable.
 * The location keeps its lastSeen, and is still marked unavailable once its window passes with nobody back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { countAgents } from '../../src/metrics/agents.js'
import { buildStores } from '../../src/services/stores.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'

const AVAILABILITY_WINDOW_MS = 600_000

describe.each(testDbs)('agents counted as connected on $name', (db) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(() => t.close())

  const headers = (key: string, agentId: string) => ({ authorization: `Bearer ${key}`, 'x-picket-agent': agentId, 'x-picket-agent-version': '1.0.0' })
  const heartbeat = async (key: string, agentId: string, body: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: headers(key, agentId), payload: { jobsInFlight: 0, ...body } })
    expect(res.statusCode, res.body).toBe(200)
  }
  const view = async (id: string) => (await t.call('GET', `/v1/private-locations/${id}`)).json<{ agentCount: number; lastSeen: string | null; availability: string }>()
  const gauge = async () => (await countAgents({ stores: buildStores(t.store), now: () => clock.now(), windowMs: AVAILABILITY_WINDOW_MS })).agents

  it('drops an agent that says goodbye at once and one that died after a minute', async () => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })
    expect(res.statusCode, res.body).toBe(201)
    const { id, keys } = res.json<{ id: string; keys: Array<{ rawKey: string }> }>()
    const key = String(keys[0]?.rawKey)
    const stays = '6f1d2c3b-1111-4222-8333-000000000001'
    const leaves = '6f1d2c3b-1111-4222-8333-000000000002'
    await heartbeat(key, stays)
    await heartbeat(key, leaves)
    expect(await t.services.locationAvailability.checkAvailability()).toBe(1)
    expect(await view(id)).toMatchObject({ agentCount: 2, availability: 'AVAILABLE' })
    expect(await gauge()).toBe(2)

    clock.advance(1_000)
    await heartbeat(key, leaves, { leaving: true })
    const left = await view(id)
    expect(left).toMatchObject({ agentCount: 1, lastSeen: new Date(clock.now()).toISOString() })
    expect(await gauge()).toBe(1)
    // A request of the stopped agent after its goodbye (a late result) is recorded but does not count it again.
    clock.advance(6_000)
    expect((await t.app.inject({ method: 'POST', url: '/agent/v1/jobs/states', headers: headers(key, leaves), payload: { jobs: [] } })).statusCode).toBe(200)
    const late = await view(id)
    expect(late).toMatchObject({ agentCount: 1, lastSeen: new Date(clock.now()).toISOString() })

    // The other one dies without a word: counted while a heartbeat could still be on its way, not after a minute.
    clock.advance(52_000)
    expect((await view(id)).agentCount).toBe(1)
    clock.advance(2_001)
    expect(await view(id)).toMatchObject({ agentCount: 0, lastSeen: late.lastSeen, availability: 'AVAILABLE' })
    expect(await gauge()).toBe(0)
    expect(await t.services.locationAvailability.checkAvailability()).toBe(0)

    // The location's own window still decides when it is unavailable, goodbye or not.
    clock.advance(AVAILABILITY_WINDOW_MS)
    expect(await t.services.locationAvailability.checkAvailability()).toBe(1)
    expect(await view(id)).toMatchObject({ agentCount: 0, availability: 'UNAVAILABLE' })

    // A new agent (a restart is a new agent id) counts at once.
    await heartbeat(key, '6f1d2c3b-1111-4222-8333-000000000003')
    expect((await view(id)).agentCount).toBe(1)
  })

  it.each([
    ['a negative count', { jobsInFlight: -1 }],
    ['leaving that is not a boolean', { jobsInFlight: 0, leaving: 'yes' }],
  ])('refuses a heartbeat with %s', async (_name, payload) => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Lab', slugName: `lab-${Object.keys(payload).length}` })
    const key = String(res.json<{ keys: Array<{ rawKey: string }> }>().keys[0]?.rawKey)
    const answer = await t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: headers(key, '6f1d2c3b-1111-4222-8333-000000000009'), payload })
    expect(answer.statusCode, answer.body).toBe(400)
  })
})
