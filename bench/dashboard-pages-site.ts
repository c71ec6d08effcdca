/**
 * The site bench/dashboard-pages.ts measures: the moment it stands at, its clock, the dashboards it creates and
 * their addresses, and the real app serving them over HTTP with the public pages' rate limit lifted.
 */
import type { AddressInfo } from 'node:net'
import type { Clock } from '../src/lib/clock.js'
import type { Store } from '../src/store/db.js'
import { buildServices, type Services } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import type { DashboardWindow } from '../src/domain/dashboard-display.js'

/** A moment between two five-minute marks, so that every window has raw edges as it does in production. */
export const NOW = Date.UTC(2026, 10, 23, 12, 7, 30)
export const NO_LIMIT = { max: 1e9, windowMs: 60_000 }
/** Progress on stderr, stamped with the time of day; the figures alone go to stdout. */
export const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args)

/** Stands still at NOW while seeding (the roll-up folds up to NOW), then runs with real time from NOW. */
export class BenchClock implements Clock {
  private offset: number | null = null
  start(): void {
    this.offset = NOW - Date.now()
  }
  now(): number {
    return this.offset === null ? NOW : Date.now() + this.offset
  }
}

/** The dashboards of the bench: (a) the default settings over all checks, (b) all checks on one page, and 10 / 100. */
export const DASHBOARDS = {
  a: { header: 'All checks', customUrl: 'all' },
  b: { header: 'All checks, one page', customUrl: 'all-one-page', paginate: false },
  '10': { header: 'Ten checks', customUrl: 'ten', tags: ['first-10'], paginate: false },
  '100': { header: 'A hundred checks', customUrl: 'hundred', tags: ['first-100'], paginate: false },
  '100p': { header: 'A hundred checks, paged', customUrl: 'hundred-paged', tags: ['first-100'] },
} as const
export type DashKey = keyof typeof DASHBOARDS
export const url = (d: DashKey, window: DashboardWindow, page?: number, part = '') =>
  `/dashboards/${DASHBOARDS[d].customUrl}${part}?window=${window}${page === undefined ? '' : `&page=${page}`}`

export interface Served {
  services: Services
  origin: string
  close(): Promise<void>
}

/** The app listening on loopback; `pageCacheMs` 0 computes every view, undefined keeps the default cache. */
export async function serve(store: Store, clock: Clock, pageCacheMs: number | undefined): Promise<Served> {
  const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost', ...(pageCacheMs === undefined ? {} : { pageCacheMs }) })
  const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: NO_LIMIT, sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { services, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() }
}
