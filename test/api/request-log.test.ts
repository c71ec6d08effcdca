/**
 * Request logging: one line per request with its reqId; debug for ordinary requests (client errors included),
 * info for slow ones with the duration, error for 5xx with the error but info for the 503s of a shutdown;
 * Fastify's own per-request lines are off.
 * No timing is asserted: "slow" is forced with a zero threshold, "ordinary" with a huge one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } }
const sqlite = testDbs[0]!
const DEBUG = 20
const INFO = 30
const ERROR = 50

function capture() {
  const lines: Line[] = []
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) })
  return { lines, logger }
}

describe('request log lines', () => {
  const ordinary = capture()
  const slow = capture()
  let t: TestApp
  let s: TestApp
  let token = ''
  beforeAll(async () => {
    t = await startTestApp(sqlite, {
      http: { loggerInstance: ordinary.logger, slowRequestMs: 1e9 },
      overrideServices: (services) => ({
        ...services,
        referenceData: {
          ...services.referenceData,
          runtimes: () => {
            throw new Error('runtime table on fire')
          },
        },
      }),
    })
    s = await startTestApp(sqlite, { http: { loggerInstance: slow.logger, slowRequestMs: 0 } })
    const hb = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Cron',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' },
    })
    expect(hb.statusCode, hb.body).toBe(201)
    token = String(hb.json().heartbeat.pingToken)
  })
  afterAll(async () => {
    await t.close()
    await s.close()
  })
  const requestLines = (lines: Line[]) => lines.filter((l) => l.req !== undefined || l.res !== undefined)

  it.each([
    { name: 'a read', method: 'GET', url: '/v1/checks', status: 200, logged: '/v1/checks' },
    { name: 'a client error', method: 'GET', url: '/v1/checks?limit=0', status: 400, logged: '/v1/checks?limit=0' },
    { name: 'an unknown route', method: 'GET', url: '/v1/nowhere', status: 404, logged: '/v1/nowhere' },
    { name: 'a ping (token hidden)', method: 'GET', url: '/ping/TOKEN', status: 200, logged: '/ping/[redacted]' },
  ])('$name: one debug line with the reqId', async ({ method, url, status, logged }) => {
    ordinary.lines.length = 0
    const res = await t.call(method as 'GET', url.replace('TOKEN', token))
    expect(res.statusCode, res.body).toBe(status)
    const lines = requestLines(ordinary.lines)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: DEBUG, msg: 'request completed', req: { method, url: logged }, res: { statusCode: status }, responseTime: expect.any(Number) })
    expect(typeof lines[0]?.reqId).toBe('string')
    expect(JSON.stringify(ordinary.lines)).not.toContain(token)
    // Fastify's own "incoming request" and "request completed" lines at info are gone.
    expect(ordinary.lines.filter((l) => l.level >= INFO)).toEqual([])
  })

  it('logs a 5xx once, at error, with the error and the reqId', async () => {
    ordinary.lines.length = 0
    const res = await t.call('GET', '/v1/runtimes')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error', attributes: {} })
    expect(ordinary.lines).toHaveLength(1)
    expect(ordinary.lines[0]).toMatchObject({
      level: ERROR,
      msg: 'request failed',
      req: { method: 'GET', url: '/v1/runtimes' },
      res: { statusCode: 500 },
      err: { message: 'runtime table on fire' },
    })
    expect(typeof ordinary.lines[0]?.reqId).toBe('string')
  })

  it('logs a slow request at info with its duration; each request has its own reqId', async () => {
    slow.lines.length = 0
    await s.call('GET', '/v1/checks')
    await s.call('GET', '/-/liveness')
    const lines = requestLines(slow.lines)
    expect(lines.map((l) => [l.level, l.msg, l.req?.url])).toEqual([
      [INFO, 'slow request', '/v1/checks'],
      [INFO, 'slow request', '/-/liveness'],
    ])
    for (const line of lines) expect(line.responseTime).toEqual(expect.any(Number))
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(2)
  })
})

describe('request log lines while the instance shuts down', () => {
  const closing = capture()
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(sqlite, { http: { loggerInstance: closing.logger, slowRequestMs: 1e9, isShuttingDown: () => true } })
  })
  afterAll(() => t.close())

  it.each([
    { name: 'a request the shutdown refuses', url: '/v1/checks' },
    { name: 'readiness reporting the shutdown', url: '/-/readiness' },
  ])('$name: a 503 that is expected, logged at info, not error', async ({ url }) => {
    closing.lines.length = 0
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(503)
    expect(closing.lines.map((l) => [l.level, l.msg, l.req?.url, l.res?.statusCode])).toEqual([[INFO, 'request refused: shutting down', url, 503]])
  })
})
