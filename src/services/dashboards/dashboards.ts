/** Dashboards: account-scoped CRUD; customUrl and customDomain are unique across all accounts. */
import { randomBytes } from 'node:crypto'
import { uses, type DepsOf } from '../resource-deps.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, type FieldErrors } from '../../domain/errors.js'
import { SETTING_NAMES, buildDashboardSettings, type DashboardSettings, type StoredDashboardKey } from '../../domain/dashboards.js'
import { maskKey } from '../../domain/private-locations.js'
import { hashSecret, newId } from '../../lib/ids.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { DocRecord } from '../../store/doc-table.js'

export type DashboardView = Record<string, unknown>
export type DashboardLookup = 'dashboardId' | 'customUrl' | 'customDomain'

type Body = Record<string, unknown>

/**
 * create and update take the reasons the body failed its schema for, if it did: one 400 names every problem. A taken
 * customUrl or customDomain is a 409, asked only of a body without problems.
 */
export interface DashboardService {
  create(accountId: string, body: Body, schemaErrors?: FieldErrors): Promise<DashboardView>
  list(accountId: string, query: { limit: number; page: number }): Promise<{ items: DashboardView[]; total: number }>
  /** By dashboardId, or by customUrl / customDomain when `by` says so. */
  get(accountId: string, key: string, by?: DashboardLookup): Promise<DashboardView>
  update(accountId: string, dashboardId: string, body: Body, schemaErrors?: FieldErrors): Promise<DashboardView>
  remove(accountId: string, dashboardId: string): Promise<void>
}

/** The key that opens a private dashboard: a recognisable prefix and 32 random bytes, base64url. */
export const newDashboardKey = (): string => `dk_${randomBytes(32).toString('base64url')}`

type DashboardRecord = DocRecord<number>
type Fresh = { id: string; rawKey: string }

const COLUMN: Record<DashboardLookup, string> = { dashboardId: 'dashboard_id', customUrl: 'custom_url', customDomain: 'custom_domain' }

function present(record: DashboardRecord, fresh?: Fresh): DashboardView {
  const doc = record.doc
  const keys = ((doc.keys as StoredDashboardKey[] | undefined) ?? []).map((k) => ({
    id: k.id,
    // The reference requires rawKey on every key: the secret is shown once, then only its masked form.
    rawKey: fresh && fresh.id === k.id ? fresh.rawKey : k.maskedKey,
    maskedKey: k.maskedKey,
    created_at: toIso(k.createdAt),
  }))
  const settings = Object.fromEntries(SETTING_NAMES.map((name) => [name, doc[name]]))
  return { id: record.id, dashboardId: doc.dashboardId, ...settings, keys, created_at: toIso(record.createdAt), updated_at: toIsoOrNull(record.updatedAt) }
}

/** What the dashboard service uses: the wiring hands it these stores and shared things and no others. */
export const dashboardServiceUses = uses(['dashboards'], ['clock', 'transact'])
export type DashboardServiceDeps = DepsOf<typeof dashboardServiceUses>

export function dashboardService(deps: DashboardServiceDeps): DashboardService {
  const { stores, clock, transact } = deps

  async function find(s: DashboardServiceDeps['stores'], accountId: string, value: string, by: DashboardLookup = 'dashboardId'): Promise<DashboardRecord> {
    const { items } = await s.dashboards.list(accountId, { where: { [COLUMN[by]]: value }, limit: 1 })
    const found = items[0]
    if (!found) throw new NotFoundError('Dashboard', value)
    return found
  }

  /** 409 when another dashboard, in any account, has the customUrl or customDomain (the unique columns back this up). */
  async function ensureAvailable(s: DashboardServiceDeps['stores'], settings: DashboardSettings, ownId?: number): Promise<void> {
    for (const [field, column] of [
      ['customUrl', 'custom_url'],
      ['customDomain', 'custom_domain'],
    ] as const) {
      const value = settings[field]
      if (value === null) continue
      const holder = await s.dashboards.findByColumn(column, value)
      if (holder && holder.id !== ownId) throw new ConflictError(`The dashboard ${field} "${value}" is already taken`, { [field]: 'is already taken' })
    }
  }

  /** A private dashboard keeps its keys; one that becomes private gets a new key; a public one has none. */
  function keysFor(settings: DashboardSettings, previous: StoredDashboardKey[]): { keys: StoredDashboardKey[]; fresh?: Fresh } {
    if (!settings.isPrivate) return { keys: [] }
    if (previous.length > 0) return { keys: previous }
    const rawKey = newDashboardKey()
    const key: StoredDashboardKey = { id: newId(), hash: hashSecret(rawKey), maskedKey: maskKey(rawKey), createdAt: clock.now() }
    return { keys: [key], fresh: { id: key.id, rawKey } }
  }

  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const settings = problems.valid(problems.check(() => buildDashboardSettings(body)))
      const { keys, fresh } = keysFor(settings, [])
      const record = await transact(async (s) => {
        await ensureAvailable(s, settings)
        return s.dashboards.insert(accountId, { ...settings, dashboardId: newId(), keys }, clock.now())
      })
      return present(record, fresh)
    },

    async list(accountId, q) {
      const { items, total } = await stores.dashboards.list(accountId, { limit: q.limit, offset: (q.page - 1) * q.limit })
      return { items: items.map((r) => present(r)), total }
    },

    async get(accountId, value, by) {
      return present(await find(stores, accountId, value, by))
    },

    async update(accountId, dashboardId, body, schemaErrors) {
      const { record, fresh } = await transact(async (s) => {
        const existing = await find(s, accountId, dashboardId)
        const problems = new BodyProblems(schemaErrors)
        const settings = problems.valid(problems.check(() => buildDashboardSettings(body, existing.doc as DashboardSettings)))
        await ensureAvailable(s, settings, existing.id)
        const { keys, fresh } = keysFor(settings, (existing.doc.keys as StoredDashboardKey[] | undefined) ?? [])
        const updated = await s.dashboards.update(accountId, existing.id, { ...settings, dashboardId: existing.doc.dashboardId, keys }, clock.now())
        if (!updated) throw new NotFoundError('Dashboard', dashboardId)
        return { record: updated, fresh }
      })
      return present(record, fresh)
    },

    async remove(accountId, dashboardId) {
      await transact(async (s) => {
        const existing = await find(s, accountId, dashboardId)
        await s.dashboards.delete(accountId, existing.id)
      })
    },
  }
}
