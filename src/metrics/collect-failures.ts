/** Gauges read from the store on scrape; when a read fails the scrape still answers, and this counter says so. */
import { Counter, type Registry } from 'prom-client'

export interface CollectFailures {
  failed(collector: string): void
}

export function createCollectFailures(registry: Registry): CollectFailures {
  const counter = new Counter({
    name: 'picket_metrics_collect_failures_total',
    help: 'Store reads for gauges that failed during a scrape (the gauges were left empty), by collector.',
    labelNames: ['collector'] as const,
    registers: [registry],
  })
  return { failed: (collector) => counter.inc({ collector }) }
}
