/** A test app on a fake clock with HTTPS targets, channels and checks for the SSL expiry suites. */
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { TestDb } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { DAY_MS, startSslTarget, type SslTarget } from './ssl-server.js'

export type Json = Record<string, unknown>
export const HOUR = 3_600_000
export { DAY_MS }

/** Registers the hooks of a suite: one app per suite; every test starts with no checks and no targets. */
export function useSslHarness(db: TestDb) {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const targets: SslTarget[] = []
  let app: TestApp | undefined
  const t = (): TestApp => {
    if (!app) throw new Error('the test app is not started')
    return app
  }

  beforeAll(async () => {
    app = await startTestApp(db, { clock })
  })
  afterEach(async () => {
    // Each test starts with no checks: their rows go with them (cascade).
    for (const c of (await t().call('GET', '/v1/checks?limit=100')).json() as Json[]) await t().call('DELETE', `/v1/checks/${String(c.id)}`)
    await Promise.all(targets.splice(0).map((x) => x.close()))
  })
  afterAll(async () => {
    await app?.close()
  })

  const subscriptions = (ids: number[], activated = true) => ids.map((alertChannelId) => ({ alertChannelId, activated }))
  return {
    get t() {
      return t()
    },
    clock,
    async target(days: number) {
      const x = await startSslTarget(clock.now() + days * DAY_MS)
      targets.push(x)
      return x
    },
    async channel(body: Json = {}): Promise<number> {
      const res = await t().call('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.com' }, sslExpiry: true, sslExpiryThreshold: 30, ...body })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as number
    },
    subscriptions,
    async apiCheck(url: string, channels: number[], extra: Json = {}): Promise<string> {
      const res = await t().call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: 'TLS target',
        frequency: 10,
        request: { method: 'GET', url, skipSSL: true },
        alertChannelSubscriptions: subscriptions(channels),
        ...extra,
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    },
    run: () => t().services.sslCertificates.checkCertificates(),
    async alerts(checkId: string, fromMs: number): Promise<Json[]> {
      const from = Math.floor(fromMs / 1000)
      const res = await t().call('GET', `/v1/check-alerts/${checkId}?limit=100&from=${from}&to=${from + 21_600}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as Json[]
    },
    async row(checkId: string) {
      const rows = await buildStores(t().store).sslCertificates.listForChecks(t().accountId, [checkId])
      expect(rows.length).toBeLessThanOrEqual(1)
      return rows[0]
    },
  }
}
