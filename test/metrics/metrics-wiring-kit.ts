/** A test app whose buildApp gets the metrics of main/metrics-wiring.ts with the given METRICS settings. */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/api/build-app.js'
import { wireMetrics, type MetricsWiring } from '../../src/main/metrics-wiring.js'
import type { Clock } from '../../src/lib/clock.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import type { TestDb } from '../helpers/db.js'

export const METRICS_TOKEN = 'metrics-token-for-tests-0123'

export interface MetricsApp {
  t: TestApp
  wiring: MetricsWiring
  /** The API app built with the wiring's appMetrics. */
  app: FastifyInstance
  close(): Promise<void>
}

export async function startMetricsApp(
  db: TestDb,
  metrics: { enabled: boolean; port: number | null; token: string | undefined },
  options: { clock?: Clock } = {},
): Promise<MetricsApp> {
  const t = await startTestApp(db, options.clock ? { clock: options.clock } : {})
  const config = { host: '127.0.0.1', privateLocations: { leaseMs: 300_000, unavailableAfterMs: 600_000 }, operations: { metrics } }
  const wiring = wireMetrics(config, t.store, options.clock ? { clock: options.clock } : {})
  const app = await buildApp({ services: t.services, publicBaseUrl: PUBLIC_BASE_URL, rateLimit: { max: 5, windowMs: 60_000 }, metrics: wiring.appMetrics })
  return {
    t,
    wiring,
    app,
    async close() {
      await app.close()
      await t.close()
    },
  }
}
