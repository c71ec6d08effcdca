/**
 * Done-when of heartbeats, end to end over real HTTP: a cron job that calls its ping URL is watched, reported
 * failing when it stops, recovered when it resumes, and its availability can be read back.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'
import { periodicWork } from '../../src/main/periodic.js'

const MIN = 60_000
const H = 60 * MIN

/** A POST as some HTTP clients send it: a body and no Content-Type at all. */
function rawPost(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-length': Buffer.byteLength(body), 'user-agent': 'backup.sh' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe.each(testDbs)('a cron job watched through its ping URL on $name', (db) => {
  let t: TestApp
  let base = ''
  const clock = new FakeClock(Date.UTC(2026, 7, 3, 0, 0, 0))
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(() => t.close())

  const api = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, { ...init, headers: { ...t.headers, 'content-type': 'application/json', ...(init.headers ?? {}) } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] }
  }
  /** The pass the engine runs every second as its 'heartbeat-deadlines' periodic work; returns the failures it recorded. */
  const deadlines = () => {
    expect(periodicWork(t.services).find((w) => w.name === 'heartbeat-deadlines')?.everyMs).toBeLessThanOrEqual(1000)
    return t.services.heartbeats.checkDeadlines()
  }
  const status = async (id: string) => (await api(`/v1/check-statuses/${id}`)).body.status

  it('is watched, fails when the job stops, recovers when it resumes, and reports its availability', async () => {
    const created = await api('/v1/checks/heartbeat?autoAssignAlerts=false', {
      method: 'POST',
      body: JSON.stringify({ name: 'Hourly backup', script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' } }),
    })
    expect(created.status).toBe(201)
    const id = String(created.body.id)
    const pingUrl = `${base}${new URL(String((created.body.heartbeat as Record<string, unknown>).pingUrl)).pathname}`

    /** The cron job: runs every hour and reports to its ping URL with curl-like GETs and POSTs. */
    const runJob = async (i: number) => {
      const start = await fetch(`${pingUrl}/start`)
      expect(start.status).toBe(200)
      clock.advance(2 * MIN)
      const done = i % 2 === 0 ? await fetch(pingUrl, { method: 'POST', body: `backup ${i} ok` }) : await fetch(pingUrl)
      expect(done.status).toBe(200)
      expect(await done.json()).toMatchObject({ ok: true, recorded: true })
    }

    for (let i = 0; i < 3; i++) {
      await runJob(i)
      clock.advance(H - 2 * MIN)
      await deadlines()
    }
    expect(await status(id)).toBe('passing')

    // The job stops: one hour plus the grace after its last ping, the check fails.
    clock.advance(7 * MIN + 2000)
    expect(await deadlines()).toBe(1)
    expect(await status(id)).toBe('failing')

    // It resumes; a client that sends no Content-Type is heard too.
    clock.advance(30 * MIN)
    const resumed = await rawPost(pingUrl, 'backup 4 ok')
    expect(resumed.status).toBe(200)
    expect(JSON.parse(resumed.body)).toMatchObject({ recorded: true, state: 'RECEIVED' })
    expect(await status(id)).toBe('passing')

    // 4 pings and 1 miss in the last 24 hours.
    const availability = await api(`/v1/checks/heartbeats/${id}/availability`)
    expect(availability.status).toBe(200)
    expect(availability.body).toEqual({ successRatio: { currentPeriod: 80, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 5 })

    const events = await api(`/v1/checks/heartbeats/${id}/events`)
    const list = (events.body as Array<{ events: Array<Record<string, unknown>> }>)[0]?.events ?? []
    expect(list[0]).toMatchObject({ type: 'PING', method: 'POST', body: 'backup 4 ok', userAgent: 'backup.sh' })
    expect(list[1]).toMatchObject({ type: 'DEADLINE', state: 'FAILING' })
    expect(list.filter((e) => e.type === 'PING' && e.durationMs === 2 * MIN)).toHaveLength(3)
  })
})
