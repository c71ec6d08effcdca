/** Heartbeat availability (against hand-computed values) and events, and the isolation of both between accounts. */
import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'

type Json = Record<string, unknown>
const MIN = 60_000
const H = 60 * MIN
const T0 = Date.UTC(2026, 5, 1, 0, 0, 0)
const iso = (ms: number) => new Date(ms).toISOString()
const unix = (ms: number) => String(ms / 1000)
const README = new URL('../../README.md', import.meta.url)

/**
 * The reference's schema of the events list (HeartbeatsV1EventsResponse): an array of objects, its `limit` capped
 * at 10 (default 10). Item properties are those of HeartbeatsV1EventsForCheck, none of them required.
 */
const REFERENCE_EVENTS_LIMIT = { maximum: 10, default: 10 }
const validateReferenceEvents = new Ajv({ strict: false }).compile({
  type: 'array',
  items: {
    type: 'object',
    required: ['events', 'stats'],
    properties: { events: { type: 'array', items: { type: 'object', required: ['id'] } }, stats: { type: 'object' } },
  },
})

/** The events of a list answer: its one entry (the check's) holds the page of events beside the stats. */
const eventsOf = (res: { json: <T>() => T }): Json[] => res.json<Array<{ events: Json[] }>>()[0]?.events ?? []

describe.each(testDbs)('heartbeat availability and events on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(T0)
  let id = ''
  let path = ''
  let apiCheckId = ''

  const ping = async (suffix = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${path}${suffix}`, headers: { 'user-agent': 'curl/8' } })
    expect(res.statusCode, res.body).toBe(200)
  }
  const get = async (url: string, headers?: Record<string, string>) => {
    const res = headers ? await t.app.inject({ method: 'GET', url, headers }) : await t.call('GET', url)
    return res
  }
  const availability = async (query = '') => {
    const res = await get(`/v1/checks/heartbeats/${id}/availability${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Json | null>()
  }

  /**
   * Hourly heartbeat, no grace. Outcomes: pings at T0, +1h, +2h (passing); no ping by +3h, so misses dated +3h and
   * (one period after the scan at +3h+2s) +4h+2s; a ping at +5h; /fail at +6h; a ping at +7h. 5 of 8 succeeded.
   */
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const res = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Hourly export',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' },
    })
    expect(res.statusCode, res.body).toBe(201)
    id = String(res.json().id)
    path = new URL(String(res.json().heartbeat.pingUrl)).pathname
    const api = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Not a heartbeat', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    apiCheckId = String(api.json().id)

    for (const at of [0, H, 2 * H]) {
      clock.set(T0 + at)
      await ping()
    }
    clock.set(T0 + 3 * H + 2000)
    expect(await t.services.heartbeats.checkDeadlines()).toBe(1)
    clock.set(T0 + 4 * H + 4000)
    expect(await t.services.heartbeats.checkDeadlines()).toBe(1)
    clock.set(T0 + 5 * H)
    await ping()
    clock.set(T0 + 6 * H)
    await ping('/fail')
    clock.set(T0 + 7 * H)
    await ping()
    clock.set(T0 + 7 * H + MIN)
  })
  afterAll(() => t.close())

  it('computes the success ratio of a window and of the window before it (100 when that one holds no outcome: nothing was due)', async () => {
    const day = { successRatio: { currentPeriod: 62.5, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 8 }
    expect(await availability(`?startTime=${unix(T0)}&endTime=${unix(T0 + 24 * H)}`)).toEqual(day)
    // [+4h, +8h): miss, ping, fail, ping = 2 of 4; before it [0, +4h): ping, ping, ping, miss = 3 of 4.
    expect(await availability(`?startTime=${iso(T0 + 4 * H)}&endTime=${iso(T0 + 8 * H)}`)).toEqual({
      successRatio: { currentPeriod: 50, previousPeriod: 75 },
      totalEntitiesCurrentPeriod: 4,
    })
    // [+3h, +4h): the first miss only; before it [+2h, +3h): one ping.
    expect(await availability(`?startTime=${unix(T0 + 3 * H)}&endTime=${unix(T0 + 4 * H)}`)).toEqual({
      successRatio: { currentPeriod: 0, previousPeriod: 100 },
      totalEntitiesCurrentPeriod: 1,
    })
    // [0, +3h): three pings = 3 of 3; nothing was recorded before T0.
    expect(await availability(`?startTime=${unix(T0)}&endTime=${unix(T0 + 3 * H)}`)).toEqual({
      successRatio: { currentPeriod: 100, previousPeriod: 100 },
      totalEntitiesCurrentPeriod: 3,
    })
    // [+4h, +5h): the second miss only, so 0; before it [+3h, +4h): the first miss only, so 0 as well, not null.
    expect(await availability(`?startTime=${unix(T0 + 4 * H)}&endTime=${unix(T0 + 5 * H)}`)).toEqual({
      successRatio: { currentPeriod: 0, previousPeriod: 0 },
      totalEntitiesCurrentPeriod: 1,
    })
  })

  it('defaults to the last 24 hours, and answers null for a window without outcomes', async () => {
    expect(await availability()).toEqual({ successRatio: { currentPeriod: 62.5, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 8 })
    expect(await availability(`?startTime=${unix(T0 - 10 * 24 * H)}`)).toBeNull()
  })

  it('rejects unreadable or inverted windows with 400 naming the field', async () => {
    const bad = await get(`/v1/checks/heartbeats/${id}/availability?startTime=yesterday`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400, attributes: { startTime: expect.any(String) } })
    const inverted = await get(`/v1/checks/heartbeats/${id}/availability?startTime=${unix(T0 + H)}&endTime=${unix(T0)}`)
    expect(inverted.statusCode).toBe(400)
    expect(inverted.json().attributes).toHaveProperty('endTime')
  })

  it('lists events newest first, at most 10 a page, in one {events, stats} entry that Content-Range and Link describe', async () => {
    const res = await get(`/v1/checks/heartbeats/${id}/events`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-range']).toBe('0-7/8')
    expect(res.json<Json[]>()).toHaveLength(1)
    expect(res.json<Json[]>()[0]?.stats).toEqual((await get(`/v1/checks/heartbeats/${id}/events/stats`)).json())
    const body = eventsOf(res)
    expect(body.map((e) => `${String(e.type)}:${String(e.state)}`)).toEqual([
      'PING:RECEIVED',
      'FAIL:FAILING',
      'PING:RECEIVED',
      'DEADLINE:FAILING',
      'DEADLINE:FAILING',
      'PING:RECEIVED',
      'PING:RECEIVED',
      'PING:RECEIVED',
    ])
    for (const event of body) expect(Object.keys(event).sort()).toEqual(['body', 'durationMs', 'id', 'method', 'resultId', 'source', 'state', 'timestamp', 'type', 'userAgent'])

    const page = await get(`/v1/checks/heartbeats/${id}/events?limit=3&page=2`)
    expect(page.headers['content-range']).toBe('3-5/8')
    expect(eventsOf(page)).toHaveLength(3)
    expect(eventsOf(page)).toEqual(body.slice(3, 6))
    const path = `/v1/checks/heartbeats/${id}/events`
    expect(page.headers.link).toBe(
      `<${path}?limit=3&page=1>; rel="first", <${path}?limit=3&page=1>; rel="prev", <${path}?limit=3&page=3>; rel="next", <${path}?limit=3&page=3>; rel="last"`,
    )
    expect((await get(`/v1/checks/heartbeats/${id}/events?limit=11`)).statusCode).toBe(400)

    const windowed = await get(`/v1/checks/heartbeats/${id}/events?startTime=${unix(T0 + 3 * H)}&endTime=${iso(T0 + 5 * H)}`)
    expect(windowed.headers['content-range']).toBe('0-1/2')
    expect(eventsOf(windowed).map((e: Json) => e.type)).toEqual(['DEADLINE', 'DEADLINE'])
  })

  it.each([
    ['1', 200],
    ['10', 200],
    ['0', 400],
    ['11', 400],
    ['100', 400],
    ['abc', 400],
  ] as const)('pages events with limit=%s: %i', async (limit, status) => {
    const res = await get(`/v1/checks/heartbeats/${id}/events?limit=${limit}`)
    expect(res.statusCode, res.body).toBe(status)
    if (status === 200) {
      expect(eventsOf(res)).toHaveLength(Math.min(Number(limit), 8))
      expect(validateReferenceEvents(res.json()), JSON.stringify(validateReferenceEvents.errors)).toBe(true)
    } else {
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('limit'), attributes: { limit: expect.any(String) } })
    }
  })

  it('gives the next events on page 2', async () => {
    const all = eventsOf(await get(`/v1/checks/heartbeats/${id}/events?limit=10`))
    const second = await get(`/v1/checks/heartbeats/${id}/events?limit=5&page=2`)
    expect(second.headers['content-range']).toBe('5-7/8')
    expect(eventsOf(second)).toEqual(all.slice(5))
  })

  it("takes the reference's page size, and the README says which", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, { get: { parameters: Json[] } }> }>()
    const limit = doc.paths['/v1/checks/heartbeats/{checkId}/events']?.get.parameters.find((p) => p.name === 'limit' && p.in === 'query')?.schema
    expect(limit).toMatchObject({ minimum: 1, ...REFERENCE_EVENTS_LIMIT })
    const events = /^- Events \(EARLY[\s\S]*?(?=^- |^$)/m.exec(readFileSync(README, 'utf8'))?.[0] ?? ''
    expect(events.replace(/\s+/g, ' ')).toContain(`paged by \`limit\` (1..${REFERENCE_EVENTS_LIMIT.maximum}, default ${REFERENCE_EVENTS_LIMIT.default}`)
  })

  it('gives the availability of the last 24 hours and 7 days at events/stats', async () => {
    const res = await get(`/v1/checks/heartbeats/${id}/events/stats`)
    expect(res.statusCode, res.body).toBe(200)
    const day = { successRatio: { currentPeriod: 62.5, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 8 }
    expect(res.json()).toEqual({ last24Hours: day, last7Days: day })
  })

  it('reads one event with the stats', async () => {
    const [first] = eventsOf(await get(`/v1/checks/heartbeats/${id}/events?limit=1`))
    const res = await get(`/v1/checks/heartbeats/${id}/events/${String(first?.id)}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ event: first, stats: (await get(`/v1/checks/heartbeats/${id}/events/stats`)).json() })
    expect((await get(`/v1/checks/heartbeats/${id}/events/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404)
  })

  it('answers 404 for another account, a check of another type, or an unknown id', async () => {
    const other = await t.otherAccount()
    const first = eventsOf(await get(`/v1/checks/heartbeats/${id}/events?limit=1`))[0] ?? {}
    const urls = [
      `/v1/checks/heartbeats/${id}/availability`,
      `/v1/checks/heartbeats/${id}/events`,
      `/v1/checks/heartbeats/${id}/events/stats`,
      `/v1/checks/heartbeats/${id}/events/${first.id}`,
    ]
    for (const url of urls) {
      const res = await get(url, other.headers)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
    for (const checkId of [apiCheckId, '7d0e4a63-0000-4000-8000-000000000000']) {
      expect((await get(`/v1/checks/heartbeats/${checkId}/availability`)).statusCode).toBe(404)
      expect((await get(`/v1/checks/heartbeats/${checkId}/events`)).statusCode).toBe(404)
      expect((await get(`/v1/checks/heartbeats/${checkId}/events/stats`)).statusCode).toBe(404)
    }
    // An event id of this check read through another heartbeat of the same account is not found either.
    const sibling = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Sibling',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' },
    })
    expect((await get(`/v1/checks/heartbeats/${sibling.json().id}/events/${first.id}`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/v1/checks/heartbeats/${id}/availability` })).statusCode).toBe(401)
  })
})
