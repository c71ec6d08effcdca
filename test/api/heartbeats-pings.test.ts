/** The ping address of heartbeat checks: what counts, what is recorded, what is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'

type Json = Record<string, unknown>
const CURL = 'curl/8.5.0'

describe.each(testDbs)('heartbeat pings on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(Date.UTC(2026, 3, 1, 8, 0, 0))
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(() => t.close())

  const create = async (extra: Json = {}) => {
    const res = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Nightly backup',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(201)
    const check = res.json<Json>()
    const pingUrl = String((check.heartbeat as Json).pingUrl)
    expect(pingUrl.startsWith(`${PUBLIC_BASE_URL}/ping/`)).toBe(true)
    return { id: String(check.id), path: new URL(pingUrl).pathname }
  }
  /** A ping as a job sends it: no API credentials. */
  const ping = (path: string, options: Omit<InjectOptions, 'url'> = {}) =>
    t.app.inject({ method: 'GET', url: path, ...options, headers: { 'user-agent': CURL, ...(options.headers ?? {}) } })
  const events = async (id: string): Promise<Json[]> => {
    const res = await t.call('GET', `/v1/checks/heartbeats/${id}/events`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Array<{ events: Json[] }>>()[0]?.events ?? []
  }
  const results = async (id: string): Promise<Json[]> => {
    const res = await t.call('GET', `/v1/check-results/${id}?limit=100`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Json[]>()
  }

  it('counts a GET without credentials: an event, a passing FINAL result and a passing status', async () => {
    const { id, path } = await create()
    const res = await ping(path, { headers: { origin: 'https://cron.example' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ ok: true, recorded: true, state: 'RECEIVED' })
    const [event] = await events(id)
    expect(event).toMatchObject({
      id: res.json().eventId,
      state: 'RECEIVED',
      type: 'PING',
      method: 'GET',
      source: 'https://cron.example',
      userAgent: CURL,
      body: null,
      durationMs: null,
      timestamp: new Date(clock.now()).toISOString(),
    })
    const [result] = await results(id)
    expect(result).toMatchObject({
      id: event?.resultId,
      checkType: 'HEARTBEAT',
      resultType: 'FINAL',
      status: 'passing',
      hasFailures: false,
      runLocation: 'heartbeat',
      trigger: 'HEARTBEAT',
    })
    const status = await t.call('GET', `/v1/check-statuses/${id}`)
    expect(status.json()).toMatchObject({ status: 'passing', hasFailures: false })
  })

  it('counts a POST with any body, keeping its first KiB; Referer is the source when there is no Origin', async () => {
    const { id, path } = await create()
    const posts: Array<[Record<string, string>, string | Buffer, string]> = [
      [{ 'content-type': 'text/plain' }, 'backup done: 42 files', 'backup done: 42 files'],
      [{ 'content-type': 'application/json' }, '{"files": 42', '{"files": 42'],
      [{ 'content-type': 'application/octet-stream' }, Buffer.from('raw bytes'), 'raw bytes'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'files=42', 'files=42'],
      [{ 'content-type': 'text/plain' }, 'x'.repeat(5000), 'x'.repeat(1024)],
    ]
    for (const [headers, payload] of posts) {
      clock.advance(1000)
      const res = await ping(path, { method: 'POST', headers: { ...headers, referer: 'https://ci.example/job/7' }, payload })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ recorded: true })
    }
    clock.advance(1000)
    const empty = await ping(path, { method: 'POST' })
    expect(empty.json()).toMatchObject({ recorded: true })
    const recorded = await events(id)
    // Newest first: the empty POST, then the bodies in reverse order of sending.
    expect(recorded.map((e) => e.body)).toEqual([null, ...posts.map((p) => p[2]).reverse()])
    expect(recorded.slice(1).every((e) => e.method === 'POST' && e.source === 'https://ci.example/job/7')).toBe(true)
    expect(await results(id)).toHaveLength(6)
  })

  it('refuses other methods with 405 and records nothing; HEAD and OPTIONS are answered without counting', async () => {
    const { id, path } = await create()
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      for (const suffix of ['', '/fail', '/start']) {
        const res = await ping(`${path}${suffix}`, { method, payload: 'x', headers: { 'content-type': 'text/plain' } })
        expect(res.statusCode, res.body).toBe(405)
        expect(res.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed', attributes: { method } })
        expect(res.json().message).toContain('GET or POST')
        expect(res.headers.allow).toContain('POST')
      }
    }
    const head = await ping(path, { method: 'HEAD' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    const options = await ping(path, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })
    expect(options.statusCode).toBe(204)
    expect(options.headers['access-control-allow-origin']).toBe('*')
    expect(await events(id)).toEqual([])
    expect(await results(id)).toEqual([])
  })

  it('answers link-preview bots without counting them', async () => {
    const { id, path } = await create()
    for (const ua of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Twitterbot/1.0',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'WhatsApp/2.23',
      'LinkedInBot/1.0',
      'TelegramBot (like TwitterBot)',
      'Facebot',
      'Googlebot/2.1',
    ]) {
      const res = await ping(path, { headers: { 'user-agent': ua } })
      expect(res.statusCode, ua).toBe(200)
      expect(res.json()).toMatchObject({ ok: true, recorded: false })
    }
    expect(await events(id)).toEqual([])
  })

  it('answers 404 with the error body for an unknown or malformed token, on every suffix', async () => {
    for (const path of ['/ping/no_such_token_0123456789', '/ping/no_such_token_0123456789/fail', '/ping/no_such_token_0123456789/start', '/ping/%20bad%20token']) {
      const res = await ping(path)
      expect(res.statusCode, path).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', attributes: {} })
    }
  })

  it('records nothing for a deactivated check, and counts again once it is reactivated', async () => {
    const { id, path } = await create({ activated: false })
    expect((await ping(path)).json()).toEqual({ ok: true, recorded: false, reason: 'The check is deactivated' })
    expect(await events(id)).toEqual([])
    const res = await t.call('PUT', `/v1/checks/heartbeat/${id}`, { activated: true })
    expect(res.statusCode, res.body).toBe(200)
    expect((await ping(path)).json()).toMatchObject({ recorded: true })
    expect(await events(id)).toHaveLength(1)
  })

  it('follows a changed token: the old address stops counting, the new one counts', async () => {
    const { id, path } = await create()
    const token = `renamed_${id.replace(/-/g, '')}`
    const res = await t.call('PUT', `/v1/checks/heartbeat/${id}`, { heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes', pingToken: token } })
    expect(res.statusCode, res.body).toBe(200)
    expect((await ping(path)).statusCode).toBe(404)
    expect((await ping(`/ping/${token}`)).json()).toMatchObject({ recorded: true })
  })

  it('stops answering for a deleted check', async () => {
    const { id, path } = await create()
    expect((await ping(path)).statusCode).toBe(200)
    expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
    expect((await ping(path)).statusCode).toBe(404)
  })

  it('records every ping of a burst, in order, each with its own result', async () => {
    const { id, path } = await create()
    const replies = await Promise.all(Array.from({ length: 25 }, (_, i) => ping(path, { method: 'POST', payload: `run ${i}`, headers: { 'content-type': 'text/plain' } })))
    expect(replies.every((r) => r.statusCode === 200 && r.json().recorded === true)).toBe(true)
    expect(await results(id)).toHaveLength(25)
    const res = await t.call('GET', `/v1/checks/heartbeats/${id}/events?limit=10&page=3`)
    expect(res.headers['content-range']).toBe('20-24/25')
    // The status follows the newest result, also when a batch of pings keeps it passing.
    clock.advance(1000)
    const last = await ping(path)
    const [newest] = await events(id)
    expect(newest?.id).toBe(last.json().eventId)
    const status = (await t.call('GET', `/v1/check-statuses/${id}`)).json()
    expect(status).toMatchObject({ status: 'passing', lastCheckRunId: newest?.resultId, lastRunAt: new Date(clock.now()).toISOString() })
  })

  it('keeps the JSON API strict: non-JSON bodies are still refused there', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/checks/heartbeat', headers: { ...t.headers, 'content-type': 'text/plain' }, payload: 'hello' })
    expect(res.statusCode).toBe(415)
  })

  it('documents the ping routes in the OpenAPI document without security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    for (const path of ['/ping/{token}', '/ping/{token}/fail', '/ping/{token}/start']) {
      expect(doc.paths[path]?.get?.security, path).toEqual([])
      expect(doc.paths[path]?.post, path).toBeDefined()
      expect(doc.paths[path]?.put, path).toBeUndefined()
    }
    expect(doc.paths['/v1/checks/heartbeats/{checkId}/availability']?.get).toBeDefined()
    expect(doc.paths['/v1/checks/heartbeats/{checkId}/events/{id}']?.get).toBeDefined()
  })
})
