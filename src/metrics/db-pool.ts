/** PostgreSQL connection pool use, read on each scrape (SQLite has a single connection and no pool: nothing here). */
import { Gauge, type Registry } from 'prom-client'
import type { PoolStats } from '../store/db.js'

export function registerPoolGauges(registry: Registry, poolStats: () => PoolStats): void {
  new Gauge({
    name: 'picket_db_pool_connections',
    help: "PostgreSQL connections of this instance's pool, by state (idle, in_use).",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = poolStats()
      this.set({ state: 'idle' }, s.idle)
      this.set({ state: 'in_use' }, s.total - s.idle)
    },
  })
  new Gauge({
    name: 'picket_db_pool_waiting_queries',
    help: 'Queries of this instance waiting for a free PostgreSQL connection.',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting)
    },
  })
  new Gauge({
    name: 'picket_db_pool_max_connections',
    help: "The size limit of this instance's PostgreSQL pool.",
    registers: [registry],
    collect() {
      this.set(poolStats().max)
    },
  })
}
