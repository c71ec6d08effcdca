/**
 * The registry of one Picket instance. Each call makes a new one (never prom-client's global default registry), so
 * that several apps in one process (tests) keep their numbers apart.
 */
import { collectDefaultMetrics, Registry } from 'prom-client'

export interface RegistryOptions {
  /** Node.js and process metrics (CPU, memory, heap, GC, handles, event-loop lag `nodejs_eventloop_lag_*`); default on. */
  defaultMetrics?: boolean
}

export function createRegistry(options: RegistryOptions = {}): Registry {
  const registry = new Registry()
  // Event-loop lag is sampled by monitorEventLoopDelay at this resolution (ms).
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 })
  return registry
}

/** The Prometheus text exposition format (version 0.0.4). */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'
