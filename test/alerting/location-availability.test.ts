/**
 * A private location whose agents all went away is marked unavailable after PRIVATE_LOCATION_UNAVAILABLE
 * (10 minutes by default) and every channel of the account hears it (through the channel's sendFailure flag); when an
 * agent is back it is available again (sendRecovery). A location that never had an agent is not alerted about;
 * nothing is scheduled at an unavailable location; one change gives one alert even with passes running at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine } from '../helpers/engine.js'
import { startKit, startReceivers, type Json, type Kit, type Receivers } from '../helpers/receivers/delivery-kit.js'

const MINUTE = 60_000
const TEMPLATE = '{"type":"{{ALERT_TYPE}}","title":"{{ALERT_TITLE}}","location":"{{PRIVATE_LOCATION_ID}}","link":"{{RESULT_LINK}}"}'

describe.each(testDbs)('private location availability on $name', (db) => {
  let r: Receivers
  let k: Kit
  let location: { id: string; slugName: string; key: string }
  let checkId = ''

  const heartbeat = async (key: string) => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      payload: { jobsInFlight: 0 },
      headers: { authorization: `Bearer ${key}`, 'x-picket-agent': '7d1e2c3b-1111-4222-8333-444455556666', 'x-picket-agent-version': '1.0.0' },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const pass = () => k.t.services.locationAvailability.checkAvailability()
  const view = async (id: string) => (await k.t.call('GET', `/v1/private-locations/${id}`)).json() as Json
  const hooks = () => r.hook.requests.map((q) => JSON.parse(q.body) as Json)
  const schedule = async () => (await scheduleDue(startTestEngine(k.t.store, k.clock).deps)).length
  const newLocation = async (slugName: string) => {
    const res = await k.t.call('POST', '/v1/private-locations', { name: `Office ${slugName}`, slugName })
    expect(res.statusCode, res.body).toBe(201)
    const l = res.json() as { id: string; slugName: string; keys: Array<{ rawKey: string }> }
    return { id: l.id, slugName: l.slugName, key: String(l.keys[0]?.rawKey) }
  }

  beforeAll(async () => {
    r = await startReceivers()
    k = await startKit(db, r)
    await k.channel({ type: 'WEBHOOK', config: { name: 'Hook', url: `${r.hook.url}/in`, template: TEMPLATE } })
    await k.channel({ type: 'EMAIL', config: { address: 'oncall@example.com' } })
    // Recoveries only: hears that the location is back, not that it went away.
    await k.channel({ type: 'SLACK', config: { url: `${r.slack.url}/x` }, sendFailure: false, sendDegraded: false, sendRecovery: true })
    location = await newLocation('office')
    checkId = await k.check({ name: 'Intranet', frequency: 1, locations: [], privateLocations: ['office'] })
  })
  afterAll(async () => {
    await k.close()
    await r.close()
  })

  it('becomes available with its first agent, without an alert', async () => {
    expect(await view(location.id)).toMatchObject({ availability: 'NEVER_CONNECTED', availabilityChangedAt: null })
    await heartbeat(location.key)
    expect(await pass()).toBe(1)
    expect(await view(location.id)).toMatchObject({ availability: 'AVAILABLE', agentCount: 1 })
    expect((await k.deliver()).attempted).toBe(0)
  })

  it('is unavailable once no agent was seen for 10 minutes, and every channel that sends failures hears it once', async () => {
    k.clock.advance(10 * MINUTE - 1000)
    expect(await pass()).toBe(0)
    k.clock.advance(2000)
    // Two instances looking at once: one change, one alert per channel.
    expect((await Promise.all([pass(), pass()])).reduce((a, b) => a + b, 0)).toBe(1)
    expect(await pass()).toBe(0)
    expect(await k.deliver()).toMatchObject({ attempted: 2, delivered: 2 })
    expect(hooks()).toEqual([
      {
        type: 'PRIVATE_LOCATION_UNAVAILABLE',
        title: 'Private location "Office office" (office) is unavailable',
        location: location.id,
        link: `https://picket.example/private-locations/${location.id}`,
      },
    ])
    const [mail] = r.smtp.mails
    expect(mail?.subject).toBe('[Picket] Private location "Office office" (office) is unavailable')
    expect(mail?.text).toMatch(/No agent of this location was seen for 10 minutes/)
    expect(mail?.text).not.toMatch(/^Check:/m)
    expect(r.slack.requests).toHaveLength(0)
    expect(await view(location.id)).toMatchObject({ availability: 'UNAVAILABLE', agentCount: 0 })
    const log = await k.log()
    expect(log.filter((n) => n.alertType === 'PRIVATE_LOCATION_UNAVAILABLE')).toHaveLength(2)
  })

  it('queues no runs at an unavailable location (its checks are skipped, not moved elsewhere)', async () => {
    expect(await schedule()).toBe(0)
    expect((await k.t.call('GET', `/v1/private-locations/${location.id}/metrics`)).json()).toMatchObject({ queueSize: [0] })
    expect(checkId).not.toBe('')
  })

  it('is available again when an agent returns, and channels that send recoveries hear it', async () => {
    await heartbeat(location.key)
    expect(await pass()).toBe(1)
    expect(await k.deliver()).toMatchObject({ attempted: 3, delivered: 3 })
    expect(hooks().map((h) => h.type)).toEqual(['PRIVATE_LOCATION_UNAVAILABLE', 'PRIVATE_LOCATION_AVAILABLE'])
    expect(JSON.stringify(JSON.parse(r.slack.requests[0]?.body ?? '{}'))).toContain('is available again')
    expect(await view(location.id)).toMatchObject({ availability: 'AVAILABLE' })
    k.clock.advance(2 * MINUTE)
    expect(await schedule()).toBe(1)
  })

  it('never alerts about a location that never had an agent, nor fails on a deleted one', async () => {
    const quiet = await newLocation('quiet')
    const gone = await newLocation('gone')
    await heartbeat(gone.key)
    expect((await k.t.call('DELETE', `/v1/private-locations/${gone.id}`)).statusCode).toBe(204)
    k.clock.advance(30 * MINUTE)
    await pass()
    await k.deliver()
    const titles = hooks().map((h) => String(h.title))
    expect(titles.filter((t) => t.includes('quiet') || t.includes('gone'))).toEqual([])
    expect(await view(quiet.id)).toMatchObject({ availability: 'NEVER_CONNECTED' })
  })
})
