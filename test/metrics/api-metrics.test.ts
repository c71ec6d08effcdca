/** GET /metrics through the real HTTP app: request counts by route pattern, the token rule, METRICS=off, a port of its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { METRICS_TOKEN, startMetricsApp, type MetricsApp } from './metrics-wiring-kit.js'
import { sampleIn } from './scrape.js'

const UUIDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']

describe.each(testDbs)('/metrics on the API port ($name)', (db) => {
  let m: MetricsApp
  const call = (url: string, headers: Record<string, string> = {}) => m.app.inject({ method: 'GET', url, headers: { ...m.t.headers, ...headers } })
  beforeAll(async () => {
    m = await startMetricsApp(db, { enabled: true, port: null, token: undefined })
  })
  afterAll(() => m.close())

  it('counts requests by route pattern, never by URL', async () => {
    for (const id of UUIDS) expect((await call(`/v1/checks/${id}`)).statusCode).toBe(404)
    expect((await call('/v1/checks')).statusCode).toBe(200)
    expect((await call('/no/such/route')).statusCode).toBe(404)
    const res = await m.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = res.body
    expect(sampleIn(text, 'picket_http_requests_total{method="GET",route="/v1/checks/:id",status="404"}')).toBe(2)
    expect(sampleIn(text, 'picket_http_requests_total{method="GET",route="/v1/checks",status="200"}')).toBe(1)
    expect(sampleIn(text, 'picket_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(sampleIn(text, 'picket_http_request_duration_seconds_count{method="GET",route="/v1/checks/:id",status_class="4xx"}')).toBe(2)
    for (const id of UUIDS) expect(text).not.toContain(id)
    expect(text).toContain('# HELP picket_http_requests_total ')
  })

  it('includes Node.js defaults with event-loop lag, the run queue and, on PostgreSQL, the pool', async () => {
    const text = (await m.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m)
    expect(text).toMatch(/^process_cpu_seconds_total /m)
    expect(text).toContain('# TYPE picket_run_queue_jobs gauge')
    expect(sampleIn(text, 'picket_agents_connected')).toBe(0)
    expect(sampleIn(text, 'picket_metrics_collect_failures_total')).toBeUndefined()
    if (db.name === 'postgres') {
      expect(sampleIn(text, 'picket_db_pool_max_connections')).toBe(4)
      expect(sampleIn(text, 'picket_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
      expect(sampleIn(text, 'picket_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0)
    } else {
      expect(text).not.toContain('picket_db_pool')
    }
  })

  it('takes no API key, is not rate-limited (5 per minute here) and is not in /openapi.json', async () => {
    for (let i = 0; i < 8; i++) expect((await m.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200)
    const spec = (await m.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> }
    expect(Object.keys(spec.paths)).not.toContain('/metrics')
    expect(Object.keys(spec.paths).length).toBeGreaterThan(10)
  })
})

describe.each(testDbs)('/metrics with METRICS_TOKEN ($name)', (db) => {
  let m: MetricsApp
  beforeAll(async () => {
    m = await startMetricsApp(db, { enabled: true, port: null, token: METRICS_TOKEN })
  })
  afterAll(() => m.close())

  it.each([
    ['no Authorization', undefined, 401],
    ['a wrong token', `Bearer ${METRICS_TOKEN}-wrong`, 401],
    ['the account API key', 'API_KEY', 401],
    ['the token', `Bearer ${METRICS_TOKEN}`, 200],
  ])('answers %s (%s) with %i', async (_what, authorization, status) => {
    const header = authorization === 'API_KEY' ? m.t.headers.authorization : authorization
    const res = await m.app.inject({ method: 'GET', url: '/metrics', headers: header === undefined ? {} : { authorization: header } })
    expect(res.statusCode, res.body).toBe(status)
    if (status === 401) {
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.stringContaining('METRICS_TOKEN'), attributes: {} })
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    } else {
      expect(res.body).toContain('picket_http_requests_total')
    }
  })
})

describe.each(testDbs)('/metrics switched off or on a port of its own ($name)', (db) => {
  it('METRICS=off: no /metrics, nothing to start', async () => {
    const m = await startMetricsApp(db, { enabled: false, port: null, token: undefined })
    try {
      const res = await m.app.inject({ method: 'GET', url: '/metrics' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect(m.wiring.registry).toBeNull()
      expect(m.wiring.engineMetrics).toBeUndefined()
      expect((await m.wiring.start()).port).toBeNull()
    } finally {
      await m.close()
    }
  })

  it('METRICS_PORT: served there (with the token rule) and not on the API port', async () => {
    const m = await startMetricsApp(db, { enabled: true, port: 0, token: METRICS_TOKEN })
    const server = await m.wiring.start()
    try {
      expect(server.port).toBeGreaterThan(0)
      expect((await m.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
      await m.app.inject({ method: 'GET', url: '/v1/checks', headers: m.t.headers })
      const url = `http://127.0.0.1:${String(server.port)}/metrics`
      const denied = await fetch(url)
      expect(denied.status).toBe(401)
      expect(await denied.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', attributes: {} })
      expect((await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401)
      const ok = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(ok.status).toBe(200)
      expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      expect(sampleIn(await ok.text(), 'picket_http_requests_total{method="GET",route="/v1/checks",status="200"}')).toBe(1)
      expect((await fetch(`http://127.0.0.1:${String(server.port)}/other`)).status).toBe(404)
    } finally {
      await server.close()
      await m.close()
    }
  })
})
