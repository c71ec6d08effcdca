/**
 * The service side of the agent protocol: `pl_` keys on /agent/v1 only, leasing of a private location's
 * jobs with prepared specs, result intake through the engine's own outcome code, duplicates and lost leases,
 * lease expiry, the 6-minute expiry of runs nobody leased, streamed artifact uploads, metrics and agent errors.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores, type Stores } from '../../src/services/stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { artifactFiles } from '../../src/store/artifact-files.js'
import { createErrorReporter } from '../../src/agent/error-reporter.js'

type Json = Record<string, unknown>
type Job = {
  jobId: string
  leaseToken: string
  leaseUntil: string
  checkId: string
  checkType: string
  attempt: number
  location: string
  dueAt: string
  spec: Json & { variables: Record<string, string> }
}

const AGENT = '6f1d2c3b-1111-4222-8333-444455556666'
const SECRET = 'agent-secret-value-0815'

const passing = (at: number) => ({
  status: 'passing',
  hasFailures: false,
  hasErrors: false,
  isDegraded: false,
  overMaxResponseTime: false,
  errorKind: null,
  errorMessage: null,
  networkError: false,
  responseTime: 42,
  startedAt: at,
  stoppedAt: at + 42,
  assertions: [],
  timingPhases: { dns: 2, tcp: 3, total: 42 },
  details: { response: { status: 200, body: `token ${SECRET}` } },
  jobLog: [`used ${SECRET}`],
})
const failing = (at: number) => ({ ...passing(at), status: 'failing', hasFailures: true, errorKind: 'STATUS', errorMessage: 'HTTP 500' })

describe.each(testDbs)('agent protocol on $name', (db) => {
  let t: TestApp
  let stores: Stores
  let now = Date.now()
  let n = 0
  const dir = mkdtempSync(path.join(tmpdir(), 'picket-agent-'))
  beforeAll(async () => {
    t = await startTestApp(db, { clock: { now: () => now }, artifacts: artifactFiles(dir), agentArtifactLimitBytes: 64 * 1024 })
    stores = buildStores(t.store)
    await t.call('POST', '/v1/variables', { key: 'AGENT_SECRET', value: SECRET, secret: true })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const location = async () => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: `agent-office-${++n}` })
    expect(res.statusCode, res.body).toBe(201)
    const l = res.json() as { id: string; slugName: string; keys: Array<{ rawKey: string }> }
    return { id: l.id, slug: l.slugName, key: l.keys[0]!.rawKey }
  }
  const check = async (slug: string, extra: Json = {}) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: `agent check ${++n}`,
      frequency: 10,
      doubleCheck: false,
      locations: [],
      privateLocations: [slug],
      request: { url: 'http://target.test/{{AGENT_SECRET}}' },
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { id: string }).id
  }
  const queue = async (checkId: string, target: { location: string; privateLocationId: string | null }, dueAt = now) => {
    const [job] = firstAttemptJobs({ accountId: t.accountId, checkId, targets: [target], scheduledAt: dueAt, now: dueAt, trigger: 'SCHEDULE', sessionId: null })
    await stores.jobs.insertMany([job!])
    return job!.id
  }
  const agent = (key: string) => ({ authorization: `Bearer ${key}`, 'x-picket-agent': AGENT, 'x-picket-agent-version': '1.0.0' })
  const post = (key: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: agent(key), payload })
  const lease = async (key: string, body: Json = {}) => {
    const res = await post(key, '/agent/v1/jobs/lease', { capacity: 10, waitSeconds: 0, checkTypes: ['API'], ...body })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { jobs: Job[] }).jobs
  }

  it('accepts private-location keys on /agent/v1 only, and nothing else there', async () => {
    const l = await location()
    expect((await post(l.key, '/agent/v1/heartbeat', { jobsInFlight: 0 })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: { ...t.headers, 'x-picket-agent': AGENT }, payload: { jobsInFlight: 0 } })).statusCode).toBe(
      401,
    )
    expect((await t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: { 'x-picket-agent': AGENT }, payload: { jobsInFlight: 0 } })).statusCode).toBe(401)
    for (const url of ['/v1/checks', '/v2/checks', '/v1/private-locations']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${l.key}`, 'x-service-account': t.accountId } })
      expect(res.statusCode, url).toBe(401)
    }
    const keys = (await t.call('GET', `/v1/private-locations/${l.id}`)).json().keys as Array<{ id: string }>
    expect((await t.call('DELETE', `/v1/private-locations/${l.id}/keys/${keys[0]!.id}`)).statusCode).toBe(204)
    expect((await post(l.key, '/agent/v1/heartbeat', { jobsInFlight: 0 })).statusCode).toBe(401)
  })

  it("leases only its location's jobs, prepared, up to capacity and for its check types; records lastSeen", async () => {
    const l = await location()
    const other = await location()
    const id = await check(l.slug)
    const mine = [await queue(id, { location: l.slug, privateLocationId: l.id }), await queue(id, { location: l.slug, privateLocationId: l.id })]
    await queue(id, { location: other.slug, privateLocationId: other.id })
    const publicJob = await queue(id, { location: 'eu-west-1', privateLocationId: null })
    expect(await lease(l.key, { checkTypes: ['BROWSER'] })).toEqual([])
    const first = await lease(l.key, { capacity: 1 })
    expect(first).toHaveLength(1)
    const [job] = first
    expect(mine).toContain(job!.jobId)
    expect(job).toMatchObject({ checkId: id, checkType: 'API', attempt: 1, location: l.slug })
    expect(new Date(job!.leaseUntil).getTime()).toBe(now + 300_000)
    expect(job!.dueAt).toBe(new Date(now).toISOString())
    expect(job!.spec.variables.AGENT_SECRET).toBe(SECRET)
    expect(job!.spec.variables.CHECK_RESULT_ID).toBe(job!.leaseToken)
    expect((job!.spec.doc as { request: { url: string } }).request.url).toContain('target.test')
    const rest = await lease(l.key)
    expect(rest.map((j) => j.jobId)).toEqual(mine.filter((m) => m !== job!.jobId))
    expect(await lease(l.key)).toEqual([])
    expect((await stores.jobs.get(publicJob))?.status).toBe('queued')
    const view = (await t.call('GET', `/v1/private-locations/${l.id}`)).json() as Json
    expect(view).toMatchObject({ agentCount: 1, lastSeen: new Date(now).toISOString() })
  })

  it('long poll returns as soon as a job is due', async () => {
    const l = await location()
    const id = await check(l.slug)
    const started = Date.now()
    setTimeout(() => void queue(id, { location: l.slug, privateLocationId: l.id }), 400)
    const jobs = await lease(l.key, { waitSeconds: 10 })
    expect(jobs).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('records a posted result as the worker does (redacted), answers duplicates, and refuses a lost lease', async () => {
    const l = await location()
    const id = await check(l.slug)
    await queue(id, { location: l.slug, privateLocationId: l.id })
    const [job] = await lease(l.key)
    const res = await post(l.key, `/agent/v1/jobs/${job!.jobId}/result`, { leaseToken: job!.leaseToken, result: passing(now) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ accepted: true })
    const stored = await t.call('GET', `/v1/check-results/${id}/${job!.leaseToken}`)
    expect(stored.statusCode, stored.body).toBe(200)
    expect(stored.json()).toMatchObject({ hasFailures: false, runLocation: l.slug, resultType: 'FINAL' })
    expect(stored.body).not.toContain(SECRET)
    const status = (await t.call('GET', `/v1/check-statuses/${id}`)).json() as Json
    expect(status).toMatchObject({ hasFailures: false })
    expect(await stores.jobs.get(job!.jobId)).toBeUndefined()
    const again = await post(l.key, `/agent/v1/jobs/${job!.jobId}/result`, { leaseToken: job!.leaseToken, result: passing(now) })
    expect(again.json()).toEqual({ accepted: false, reason: 'duplicate' })

    // Lease expiry: another agent leases the job again; the first agent's post is refused.
    await queue(id, { location: l.slug, privateLocationId: l.id })
    const [slow] = await lease(l.key)
    now += 301_000
    expect(await lease(l.key)).toEqual([]) // a lease is not reaped by a poll: the engine's reaper does it
    expect(await stores.jobs.reapExpired(now)).toBeGreaterThanOrEqual(1)
    const [fast] = await lease(l.key)
    expect(fast!.jobId).toBe(slow!.jobId)
    expect(fast!.leaseToken).not.toBe(slow!.leaseToken)
    const lost = await post(l.key, `/agent/v1/jobs/${slow!.jobId}/result`, { leaseToken: slow!.leaseToken, result: passing(now) })
    expect(lost.statusCode).toBe(409)
    expect((await post(l.key, `/agent/v1/jobs/${fast!.jobId}/result`, { leaseToken: fast!.leaseToken, result: passing(now) })).json()).toEqual({ accepted: true })
  })

  it('puts a failed run to be retried back in the queue of the same private location', async () => {
    const l = await location()
    const id = await check(l.slug, { doubleCheck: true })
    await queue(id, { location: l.slug, privateLocationId: l.id })
    const [job] = await lease(l.key)
    expect((await post(l.key, `/agent/v1/jobs/${job!.jobId}/result`, { leaseToken: job!.leaseToken, result: failing(now) })).json()).toEqual({ accepted: true })
    const requeued = await stores.jobs.get(job!.jobId)
    expect(requeued).toMatchObject({ status: 'queued', attempt: 2, private_location_id: l.id, location: l.slug })
    const row = await stores.results.get(t.accountId, id, job!.leaseToken)
    expect(row?.result_type).toBe('ATTEMPT')
    // The retry fails too: a FINAL failing result, the check's status and its alert, as for the built-in worker.
    const [retry] = await lease(l.key)
    expect(retry).toMatchObject({ jobId: job!.jobId, attempt: 2 })
    expect((await post(l.key, `/agent/v1/jobs/${retry!.jobId}/result`, { leaseToken: retry!.leaseToken, result: failing(now) })).json()).toEqual({ accepted: true })
    expect(await stores.jobs.get(job!.jobId)).toBeUndefined()
    expect((await t.call('GET', `/v1/check-statuses/${id}`)).json()).toMatchObject({ hasFailures: true })
    const alerts = (await t.call('GET', `/v1/check-alerts/${id}`)).json() as Json[]
    expect(alerts.map((a) => a.alertType)).toContain('ALERT_FAILURE')
  })

  it('expires runs nobody leased within 6 minutes with a final failing result', async () => {
    const l = await location()
    const id = await check(l.slug)
    const jobId = await queue(id, { location: l.slug, privateLocationId: l.id })
    const metrics = await t.call('GET', `/v1/private-locations/${l.id}/metrics`)
    expect(metrics.statusCode, metrics.body).toBe(200)
    expect(metrics.json()).toMatchObject({ queueSize: [1], oldestScheduledCheckRun: [0] })
    now += 5 * 60_000
    await t.services.agentJobs.expireUnleased()
    expect((await stores.jobs.get(jobId))?.status).toBe('queued')
    now += 61_001
    expect(await t.services.agentJobs.expireUnleased()).toBeGreaterThanOrEqual(1)
    expect(await stores.jobs.get(jobId)).toBeUndefined()
    const list = (await t.call('GET', `/v1/check-results/${id}`)).json() as Json[]
    expect(list[0]).toMatchObject({ hasErrors: true, hasFailures: true, resultType: 'FINAL' })
    expect(JSON.stringify(list[0])).toContain(`No agent of private location ${l.slug} took this run within 6 minutes`)
  })

  it('streams artifacts to staging, attaches them with the result, and refuses one over the limit with 413', async () => {
    const l = await location()
    const id = await check(l.slug)
    await queue(id, { location: l.slug, privateLocationId: l.id })
    const [job] = await lease(l.key)
    const put = (name: string, payload: Buffer | string, contentType = 'image/png') =>
      t.app.inject({
        method: 'PUT',
        url: `/agent/v1/jobs/${job!.jobId}/artifacts/${name}`,
        headers: { ...agent(l.key), 'x-lease-token': job!.leaseToken, 'content-type': contentType },
        payload,
      })
    expect((await put('shot.png', Buffer.alloc(1000, 7))).statusCode).toBe(201)
    expect((await put('report.json', `{"secret":"${SECRET}"}`, 'application/json')).statusCode).toBe(201)
    expect((await put('big.bin', Buffer.alloc(65 * 1024, 1))).statusCode).toBe(413)
    const wrongToken = await t.app.inject({
      method: 'PUT',
      url: `/agent/v1/jobs/${job!.jobId}/artifacts/x.png`,
      headers: { ...agent(l.key), 'x-lease-token': 'nope', 'content-type': 'image/png' },
      payload: 'x',
    })
    expect(wrongToken.statusCode).toBe(409)
    const result = {
      ...passing(now),
      artifacts: [
        { type: 'screenshot', name: 'shot.png', contentType: 'image/png' },
        { type: 'report', name: 'report.json', contentType: 'application/json' },
      ],
    }
    expect((await post(l.key, `/agent/v1/jobs/${job!.jobId}/result`, { leaseToken: job!.leaseToken, result })).json()).toEqual({ accepted: true })
    const files = await artifactFiles(dir).open({ accountId: t.accountId, checkId: id, resultId: job!.leaseToken }, 'shot.png')
    expect(files?.size).toBe(1000)
    expect(await artifactFiles(dir).staged(job!.leaseToken, 'shot.png')).toBeNull()
    const row = await stores.results.get(t.accountId, id, job!.leaseToken)
    expect(JSON.stringify(row)).toContain('shot.png')
    const report = await artifactFiles(dir).open({ accountId: t.accountId, checkId: id, resultId: job!.leaseToken }, 'report.json')
    expect(readFileSync(report!.path, 'utf8')).not.toContain(SECRET)
  })

  it('describes the agent routes in /openapi.json under the agent tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> }
    for (const [p, m] of [
      ['/agent/v1/jobs/lease', 'post'],
      ['/agent/v1/jobs/{jobId}/result', 'post'],
      ['/agent/v1/jobs/{jobId}/artifacts/{name}', 'put'],
      ['/agent/v1/heartbeat', 'post'],
      ['/agent/v1/errors', 'post'],
    ] as const) {
      expect(doc.paths[p]?.[m]?.tags, p).toEqual(['agent'])
    }
    expect(doc.paths['/v1/private-locations/{id}/metrics']?.get).toBeDefined()
  })

  it('stores agent errors scrubbed and lists them newest first', async () => {
    const l = await location()
    const report = {
      message: `fetch https://user:pw@example.com/?token=abc123 failed`,
      stack: `Authorization: Bearer ${'a1'.repeat(20)}`,
      agentVersion: '1.0.0',
      platform: 'linux-x64',
      runtimeVersion: 'v20',
    }
    expect((await post(l.key, '/agent/v1/errors', report)).statusCode).toBe(202)
    now += 1
    expect((await post(l.key, '/agent/v1/errors', { ...report, message: 'second' })).statusCode).toBe(202)
    const res = await t.call('GET', `/v1/private-locations/${l.id}/agent-errors?limit=10`)
    expect(res.statusCode, res.body).toBe(200)
    const items = res.json() as Json[]
    expect(items.map((e) => e.message)).toEqual(['second', 'fetch https://[REDACTED]@example.com/?token=[REDACTED] failed'])
    expect(items[1]).toMatchObject({ stack: 'Authorization: Bearer [REDACTED]', agentId: AGENT, platform: 'linux-x64' })
    expect(res.headers['content-range']).toBe('0-1/2')
  })

  it("stores what the agent's own error reporter sends with no URL, credential or token of the message", async () => {
    const l = await location()
    const sent: Array<Promise<void>> = []
    const report = createErrorReporter({
      agentVersion: '1.0.0',
      platform: 'linux-x64',
      runtimeVersion: 'v20',
      send: (body) => {
        const done = post(l.key, '/agent/v1/errors', body).then((res) => expect(res.statusCode, res.body).toBe(202))
        sent.push(done)
        return done
      },
    })
    const err = new Error('GET https://user:secret@intranet.example/path?token=abc123 failed')
    err.stack = `${err.message}\n    at run (/app/src/agent/job-loop.ts:123:45)`
    report(err)
    await Promise.all(sent)
    const items = (await t.call('GET', `/v1/private-locations/${l.id}/agent-errors`)).json() as Json[]
    expect(items).toHaveLength(1)
    const stored = JSON.stringify(items[0])
    for (const gone of ['secret', 'abc123', 'intranet.example']) expect(stored).not.toContain(gone)
    expect(items[0]).toMatchObject({ message: 'GET https://[REDACTED] failed', agentId: AGENT })
    expect(items[0]?.stack).toContain('at run (/app/src/agent/job-loop.ts:123:45)')
  })
})
