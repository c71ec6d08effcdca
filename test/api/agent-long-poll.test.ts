/**
 * An agent's long poll (POST /agent/v1/jobs/lease with waitSeconds) is held open only while someone can use what it
 * leases: it ends, empty-handed, when the server begins to close (a poll of up to 30 s would otherwise hold the
 * shutdown), and when its agent hangs up (a job leased for nobody would wait out its lease before running).
 * No timing is asserted beyond bounds far below the poll's own 30 s.
 */
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/services/stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'

const AGENT = { 'x-picket-agent': '6f1d2c3b-1111-4222-8333-444455556666', 'x-picket-agent-version': '1.0.0' }
const WAIT = { capacity: 1, waitSeconds: 30, checkTypes: ['API'] }
/** Far below the poll's 30 s: a poll that waited it out shows. */
const ENDED_EARLY_MS = 15_000

describe.each(testDbs)('agent long poll on $name', (db) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close().catch(() => undefined)
    t = undefined
  })

  /** A test app whose lease calls are reported as they begin and end. */
  async function start() {
    const calls: Array<{ ended: Promise<{ jobs: unknown[] }> }> = []
    let onCall: () => void = () => undefined
    const app = await startTestApp(db, {
      overrideServices: (services) => ({
        ...services,
        agentJobs: {
          ...services.agentJobs,
          lease: (caller, req, until) => {
            const ended = services.agentJobs.lease(caller, req, until)
            calls.push({ ended })
            onCall()
            return ended
          },
        },
      }),
    })
    const res = await app.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })
    expect(res.statusCode, res.body).toBe(201)
    const l = res.json() as { id: string; keys: Array<{ rawKey: string }> }
    const headers = { authorization: `Bearer ${l.keys[0]?.rawKey ?? ''}`, ...AGENT }
    const leaseBegun = () => new Promise<void>((resolve) => (onCall = resolve))
    return { app, calls, headers, locationId: l.id, leaseBegun }
  }

  it('ends when the server begins to close, and the close does not wait out the poll', async () => {
    const s = await start()
    t = s.app
    const begun = s.leaseBegun()
    const started = Date.now()
    const answer = s.app.app.inject({ method: 'POST', url: '/agent/v1/jobs/lease', headers: s.headers, payload: WAIT })
    await begun
    await s.app.app.close()
    const res = await answer
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ jobs: [] })
    expect(Date.now() - started).toBeLessThan(ENDED_EARLY_MS)
  })

  it('ends when the agent hangs up, leaving a job that falls due afterwards to the next poll', async () => {
    const s = await start()
    t = s.app
    await s.app.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (s.app.app.server.address() as AddressInfo).port
    const hangUp = new AbortController()
    const begun = s.leaseBegun()
    const started = Date.now()
    const abandoned = fetch(`http://127.0.0.1:${port}/agent/v1/jobs/lease`, {
      method: 'POST',
      headers: { ...s.headers, 'content-type': 'application/json' },
      body: JSON.stringify(WAIT),
      signal: hangUp.signal,
    }).catch(() => 'hung up')
    await begun
    hangUp.abort()
    expect(await abandoned).toBe('hung up')
    expect(await s.calls[0]?.ended).toEqual({ jobs: [] })
    expect(Date.now() - started).toBeLessThan(ENDED_EARLY_MS)

    const created = await s.app.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'intranet',
      activated: false,
      doubleCheck: false,
      locations: [],
      privateLocations: ['office'],
      request: { url: 'http://target.test/' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const now = Date.now()
    const [job] = firstAttemptJobs({
      accountId: s.app.accountId,
      checkId: (created.json() as { id: string }).id,
      targets: [{ location: 'office', privateLocationId: s.locationId }],
      scheduledAt: now,
      now,
      trigger: 'SCHEDULE',
      sessionId: null,
    })
    await buildStores(s.app.store).jobs.insertMany(job ? [job] : [])
    const next = await s.app.app.inject({ method: 'POST', url: '/agent/v1/jobs/lease', headers: s.headers, payload: { ...WAIT, waitSeconds: 0 } })
    expect(next.statusCode, next.body).toBe(200)
    expect((next.json() as { jobs: Array<{ jobId: string }> }).jobs.map((j) => j.jobId)).toEqual([job?.id])
  })
})
