/**
 * What a public status page shows: its cards with each service's state and 90-day uptime,
 * the open incidents, the maintenances scheduled or in progress, the past incidents paged, and the feeds; and its
 * "get updates" form. A view costs a fixed number of queries whatever the number of services and incidents (the
 * account's services, incidents, incident updates, checks, check statuses, groups, maintenance windows and kept
 * maintenances, each one list), filtered in memory to the page's services, and is cached briefly: every viewer and
 * every page of history within the cache time share one computation.
 */
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js'
import type { PageDoc } from '../../domain/status-pages/page-schemas.js'
import { MAX_ADDRESS_LENGTH, isEmailAddress } from '../../domain/status-pages/subscription-schemas.js'
import { ttlCache } from '../../lib/ttl-cache.js'
import { narrowDeps, uses, type DepsOf } from '../resource-deps.js'
import { loadServices } from './status-page-common.js'
import { loadCheckSeverities } from './service-check-states.js'
import { subscriptionOps, subscriptionOpsUses } from './status-page-subscriptions.js'
import { buildStatusPage, publicIncidents, type PublicIncident, type StatusPageBase } from './status-page-data.js'
import { publicMaintenances, type PublicMaintenance } from './status-page-maintenances.js'

export interface StatusPageSite {
  id: string
  accountId: string
  doc: PageDoc
  /** Changes whenever the page is saved (cache key part). */
  version: number
}

export const PAST_PER_PAGE = 10
export const FEED_ITEMS = 50

/** The page as computed once per cache time: its services and incidents, and its maintenances scheduled or in progress. */
type PageBase = StatusPageBase & { maintenances: PublicMaintenance[] }

export interface StatusPageData extends PageBase {
  /** Open incidents, newest first, with all their updates. */
  open: PublicIncident[]
  /** One page of the resolved incidents, newest first. */
  past: { items: PublicIncident[]; page: number; pages: number; total: number }
}

export type SubscribeOutcome =
  /** Subscribed now or already: the same answer, so that addresses cannot be probed. */
  | { status: 'ok' }
  | { status: 'invalid'; problem: string }
  /** The page is gone (deleted since it was looked up). */
  | { status: 'gone' }

export interface StatusPagePageService {
  find(by: { url: string } | { customDomain: string }): Promise<StatusPageSite | undefined>
  /** The page with one page of its past incidents (`page` from the query, clamped). */
  data(site: StatusPageSite, view: { page: unknown }): Promise<StatusPageData>
  /** One incident touching the page's services; undefined for any other id. */
  incident(site: StatusPageSite, id: string): Promise<PublicIncident | undefined>
  /** The latest incidents for the feeds, most recently updated first. */
  feed(site: StatusPageSite): Promise<{ incidents: PublicIncident[]; generatedAt: number }>
  /** A PENDING subscriber with a verification e-mail, from the page's form. */
  subscribe(site: StatusPageSite, address: unknown): Promise<SubscribeOutcome>
}

/** The asked page of history, clamped to the pages there are. */
export function pastPage(resolved: readonly PublicIncident[], asked: unknown): StatusPageData['past'] {
  const pages = Math.max(1, Math.ceil(resolved.length / PAST_PER_PAGE))
  const n = Number.parseInt(String(asked ?? '1'), 10)
  const page = Number.isFinite(n) ? Math.min(pages, Math.max(1, n)) : 1
  return { items: resolved.slice((page - 1) * PAST_PER_PAGE, page * PAST_PER_PAGE), page, pages, total: resolved.length }
}

/** Why an address from the form cannot be used; null when it can. */
export function addressProblem(address: string): string | null {
  if (address === '') return 'Enter your e-mail address.'
  if (address.length > MAX_ADDRESS_LENGTH) return `That e-mail address is too long: at most ${MAX_ADDRESS_LENGTH} characters.`
  if (!isEmailAddress(address)) return `"${address}" is not an e-mail address.`
  return null
}

/** What the status page page service uses: the wiring hands it these stores and shared things and no others. */
export const statusPagePageServiceUses = uses(
  [
    'statusPages',
    'statusPageServices',
    'statusPageIncidents',
    'statusPageIncidentUpdates',
    'statusPageSubscriptions',
    'statusPageEmails',
    'checks',
    'checkGroups',
    'results',
    'maintenanceWindows',
    'maintenances',
  ],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type StatusPagePageServiceDeps = DepsOf<typeof statusPagePageServiceUses>

export function statusPagePageService(deps: StatusPagePageServiceDeps, options: { cacheMs: number }): StatusPagePageService {
  const { stores, clock } = deps
  const ttl = options.cacheMs
  const sites = ttlCache<StatusPageSite | undefined>(clock, ttl)
  const views = ttlCache<PageBase>(clock, ttl)
  const subscriptions = subscriptionOps(narrowDeps(deps, subscriptionOpsUses))

  /** Six lists, whatever the size of the page. */
  async function compute(site: StatusPageSite): Promise<PageBase> {
    const [services, incidents, updates, checkSeverities, windows, kept] = await Promise.all([
      loadServices(stores, site.accountId),
      stores.statusPageIncidents.list(site.accountId),
      stores.statusPageIncidentUpdates.list(site.accountId),
      loadCheckSeverities(stores, site.accountId),
      stores.maintenanceWindows.list(site.accountId),
      stores.maintenances.list(site.accountId),
    ])
    const now = clock.now()
    const page = buildStatusPage(site.doc, services, publicIncidents(incidents.items, updates.items), now, checkSeverities)
    return { ...page, maintenances: publicMaintenances(site.id, windows.items, kept.items, services, now) }
  }
  const base = (site: StatusPageSite) => views.get(`${site.id}:${site.version}`, () => compute(site))

  return {
    find(by) {
      const [column, value] = 'url' in by ? ['url', by.url] : ['custom_domain', by.customDomain]
      return sites.get(`${column}:${value}`, async () => {
        const record = await stores.statusPages.findByColumn(column, value.toLowerCase())
        if (!record) return undefined
        return { id: record.id, accountId: record.accountId, doc: record.doc, version: record.updatedAt ?? record.createdAt }
      })
    },

    async data(site, view) {
      const b = await base(site)
      return {
        ...b,
        open: b.incidents.filter((i) => i.resolvedAt === null),
        past: pastPage(
          b.incidents.filter((i) => i.resolvedAt !== null),
          view.page,
        ),
      }
    },

    async incident(site, id) {
      return (await base(site)).incidents.find((i) => i.id === id)
    },

    async feed(site) {
      const b = await base(site)
      const latest = [...b.incidents].sort((x, y) => y.updatedAt - x.updatedAt).slice(0, FEED_ITEMS)
      return { incidents: latest, generatedAt: b.generatedAt }
    },

    async subscribe(site, raw) {
      const address = typeof raw === 'string' ? raw.trim() : ''
      const problem = addressProblem(address)
      if (problem !== null) return { status: 'invalid', problem }
      try {
        await subscriptions.subscribe(site.accountId, site.id, { address })
        return { status: 'ok' }
      } catch (err) {
        if (err instanceof ConflictError) return { status: 'ok' }
        if (err instanceof NotFoundError) return { status: 'gone' }
        if (err instanceof ValidationError) return { status: 'invalid', problem: `That e-mail address cannot be used: ${err.message}.` }
        throw err
      }
    },
  }
}
