/**
 * What the end-to-end alerting tests share: a test app and an engine on one fake clock, FINAL results handed to
 * the app's alert evaluation, and a local target whose answer (status, delay, failing regions) the test switches.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { periodicWork } from '../../src/main/periodic.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import type { TestDb } from '../helpers/db.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

export interface Mode {
  status: number
  delayMs: number
  /** /r/<key>/<region>: these regions answer 500. */
  failRegions: string[]
}

export interface SwitchTarget {
  url: string
  set(key: string, mode: Partial<Mode>): void
  close(): Promise<void>
}

export function startSwitchTarget(): Promise<SwitchTarget> {
  const modes = new Map<string, Mode>()
  const server = http.createServer((req, res) => {
    const [, kind, key = '', region = ''] = (req.url ?? '').split('/')
    const mode = modes.get(key) ?? { status: 200, delayMs: 0, failRegions: [] }
    const status = kind === 'r' ? (mode.failRegions.includes(region) ? 500 : 200) : mode.status
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(`status ${status}`)
    }, mode.delayMs)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        set: (key, mode) => modes.set(key, { ...(modes.get(key) ?? { status: 200, delayMs: 0, failRegions: [] }), ...mode }),
        close: () => new Promise((r) => server.close(() => r())),
      })
    }),
  )
}

export interface Flow {
  t: TestApp
  e: TestEngine
  clock: FakeClock
  target: SwitchTarget
  /** Errors thrown by alert evaluation (the engine would only log them). */
  errors: unknown[]
  /** Creates an API check against /t/<key> (or the given url) with its own alert settings, 1-minute frequency. */
  createCheck(key: string, body?: Record<string, unknown>): Promise<string>
  /** Moves the clock to the check's next slot and runs everything due. */
  runSlot(checkId: string): Promise<void>
  /** The alert types of a check, oldest first. */
  alertTypes(checkId: string): Promise<string[]>
  alerts(checkId: string): Promise<Array<Record<string, unknown>>>
  /** The periodic reminder job as the instance runs it. */
  runReminders(): Promise<void>
  close(): Promise<void>
}

export async function startFlow(db: TestDb): Promise<Flow> {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const target = await startSwitchTarget()
  const t = await startTestApp(db, { clock })
  const errors: unknown[] = []
  const e = startTestEngine(t.store, clock, {
    onFinalResults: (rows) => t.services.alerting.evaluate(rows).catch((err: unknown) => void errors.push(err)),
  })
  const started = Math.floor(clock.now() / 1000)
  const nextDue = async (id: string) =>
    Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)

  const flow: Flow = {
    t,
    e,
    clock,
    target,
    errors,
    async createCheck(key, body = {}) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: `check ${key}`,
        frequency: 1,
        locations: ['us-east-1'],
        doubleCheck: false,
        useGlobalAlertSettings: false,
        request: { method: 'GET', url: `${target.url}/t/${key}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
        ...body,
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    },
    async runSlot(checkId) {
      clock.set(Math.max(clock.now(), await nextDue(checkId)))
      await e.engine.runOnce()
      expect(errors).toEqual([])
    },
    async alerts(checkId) {
      // Whole test runs stay within one 6-hour window from the start.
      const res = await t.call('GET', `/v1/check-alerts/${checkId}?limit=100&from=${started}`)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as Array<Record<string, unknown>>).reverse()
    },
    async alertTypes(checkId) {
      return (await flow.alerts(checkId)).map((a) => String(a.alertType))
    },
    async runReminders() {
      const job = periodicWork(t.services).find((w) => w.name === 'alert-reminders')
      expect(job).toBeDefined()
      await job?.run()
    },
    async close() {
      await e.engine.stop()
      await t.close()
      await target.close()
    },
  }
  return flow
}

export const MIN = 60_000
