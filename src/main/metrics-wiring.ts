/**
 * The Prometheus metrics of this instance, built from the configuration (METRICS, METRICS_PORT, METRICS_TOKEN):
 * one registry with Node's defaults, the HTTP, engine and notifier counters (handed to buildApp, the engine and
 * the notifier as optional hooks) and the gauges read from the store on each scrape (run queue, agents, pool).
 */
import type { Registry } from 'prom-client'
import type { Config } from '../config/load.js'
import type { EngineMetrics } from '../engine/engine-deps.js'
import type { NotifierMetrics } from '../alerting/notifier.js'
import type { Clock } from '../lib/clock.js'
import { systemClock } from '../lib/clock.js'
import type { AppMetrics } from '../metrics/app.js'
import { createCollectFailures } from '../metrics/collect-failures.js'
import { registerAgentGauges } from '../metrics/agents.js'
import { registerPoolGauges } from '../metrics/db-pool.js'
import { metricsEndpoint } from '../metrics/endpoint.js'
import { createEngineMetrics } from '../metrics/engine.js'
import { createHttpMetrics } from '../metrics/http.js'
import { createNotifierMetrics } from '../metrics/notifier.js'
import { registerQueueGauges } from '../metrics/queue.js'
import { createRegistry } from '../metrics/registry.js'
import { buildStores } from '../store/all-stores.js'
import type { Store } from '../store/db.js'
import { startMetricsServer } from './metrics-server.js'

export interface MetricsWiring {
  /** null when METRICS=off. */
  registry: Registry | null
  /** For buildApp({ metrics }). */
  appMetrics: AppMetrics | undefined
  /** For the engine's deps ({ metrics }). */
  engineMetrics: EngineMetrics | undefined
  /** For the notifier's deps ({ metrics }). */
  notifierMetrics: NotifierMetrics | undefined
  /** Listens on METRICS_PORT when one is set; otherwise nothing to start (port null). */
  start(): Promise<{ port: number | null; close(): Promise<void> }>
}

type MetricsConfig = Pick<Config, 'host' | 'privateLocations'> & { operations: Pick<Config['operations'], 'metrics'> }

export function wireMetrics(config: MetricsConfig, store: Store, options: { clock?: Clock } = {}): MetricsWiring {
  const settings = config.operations.metrics
  if (!settings.enabled) {
    return { registry: null, appMetrics: undefined, engineMetrics: undefined, notifierMetrics: undefined, start: async () => ({ port: null, close: async () => undefined }) }
  }
  const clock = options.clock ?? systemClock
  const now = () => clock.now()
  const registry = createRegistry()
  const stores = buildStores(store)
  const failures = createCollectFailures(registry)
  registerQueueGauges(registry, { jobs: stores.jobs, now, failures })
  registerAgentGauges(registry, { stores, now, windowMs: config.privateLocations.unavailableAfterMs, failures })
  if (store.poolStats) registerPoolGauges(registry, store.poolStats)
  const endpoint = metricsEndpoint(registry, settings.token)
  const ownPort = settings.port
  return {
    registry,
    appMetrics: { http: createHttpMetrics(registry), endpoint: ownPort === null ? endpoint : null },
    engineMetrics: createEngineMetrics(registry),
    notifierMetrics: createNotifierMetrics(registry),
    async start() {
      if (ownPort === null) return { port: null, close: async () => undefined }
      const server = await startMetricsServer({ port: ownPort, host: config.host, endpoint })
      return { port: server.port, close: () => server.close() }
    },
  }
}
