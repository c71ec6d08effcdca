/** Private locations and their agent keys. Raw keys are shown once; only their SHA-256 hashes are stored. */
import { randomBytes } from 'node:crypto'
import { uses, type DepsOf } from '../resource-deps.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, DomainError, NotFoundError, type FieldErrors } from '../../domain/errors.js'
import { MAX_KEYS_PER_LOCATION, buildPrivateLocationDoc, maskKey, namesLocation, updatePrivateLocationDoc, type PrivateLocationDoc } from '../../domain/private-locations.js'
import { connectedWindowMs } from '../../domain/private-location-availability.js'
import { hashSecret, isUuid, newId } from '../../lib/ids.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { PrivateLocationKeyRow } from '../../store/private-location-rows.js'

export interface PrivateLocationKeyView {
  id: string
  /** The whole key only in the response that created it; its masked form in every other one. */
  rawKey: string
  maskedKey: string
  created_at: string
}

export type PrivateLocationView = Record<string, unknown>

type Body = Record<string, unknown>

/**
 * create and update take the reasons the body failed its schema for, if it did: one 400 names every problem. A taken
 * slugName is a 409, asked only of a body without problems.
 */
export interface PrivateLocationService {
  create(accountId: string, body: Body, schemaErrors?: FieldErrors): Promise<PrivateLocationView>
  get(accountId: string, id: string): Promise<PrivateLocationView>
  /** Without limit, every location of the account. */
  list(accountId: string, query: { limit?: number | undefined; page?: number | undefined }): Promise<{ items: PrivateLocationView[]; total: number }>
  update(accountId: string, id: string, body: Body, schemaErrors?: FieldErrors): Promise<PrivateLocationView>
  remove(accountId: string, id: string): Promise<void>
  addKey(accountId: string, id: string): Promise<PrivateLocationKeyView>
  removeKey(accountId: string, id: string, keyId: string): Promise<void>
}

/** An agent key: a recognisable prefix and 32 random bytes, base64url. */
export const newAgentKey = (): string => `pl_${randomBytes(32).toString('base64url')}`

type LocationRecord = DocRecord<string>
const docOf = (r: LocationRecord) => r.doc as PrivateLocationDoc

interface Users {
  checks: Array<{ id: string; name: string }>
  groups: Array<{ id: number; name: string }>
}

/** What the private location service uses: the wiring hands it these stores and shared things and no others. */
export const privateLocationServiceUses = uses(
  ['privateLocations', 'privateLocationKeys', 'privateLocationAgents', 'privateLocationAvailability', 'checks', 'checkGroups'],
  ['clock', 'transact'],
)
export type PrivateLocationServiceDeps = DepsOf<typeof privateLocationServiceUses>

/** recentMs: the window that keeps a location available; agents count in agentCount within connectedWindowMs of it. */
export function privateLocationService(deps: PrivateLocationServiceDeps, options: { recentMs: number }): PrivateLocationService {
  const { stores, clock, transact } = deps
  const { recentMs } = options

  const keyView = (row: PrivateLocationKeyRow, rawKey?: string): PrivateLocationKeyView => ({
    id: row.id,
    // The reference requires rawKey on every key: the secret is shown once, then only its masked form.
    rawKey: rawKey ?? row.masked_key,
    maskedKey: row.masked_key,
    created_at: toIso(row.created_at),
  })

  async function insertKey(s: PrivateLocationServiceDeps['stores'], accountId: string, locationId: string): Promise<PrivateLocationKeyView> {
    const rawKey = newAgentKey()
    const row: PrivateLocationKeyRow = {
      id: newId(),
      account_id: accountId,
      location_id: locationId,
      key_hash: hashSecret(rawKey),
      masked_key: maskKey(rawKey),
      created_at: clock.now(),
    }
    await s.privateLocationKeys.insert(row)
    return keyView(row, rawKey)
  }

  /** The checks and groups whose privateLocations name each location. */
  async function usersOf(s: PrivateLocationServiceDeps['stores'], accountId: string, locations: LocationRecord[]): Promise<Users[]> {
    const checks = await s.checks.listAll(accountId)
    const { items: groups } = await s.checkGroups.list(accountId)
    return locations.map((l) => {
      const loc = { id: l.id, slugName: docOf(l).slugName }
      return {
        checks: checks.filter((c) => namesLocation(c.doc.privateLocations, loc)).map((c) => ({ id: c.id, name: String(c.doc.name) })),
        groups: groups.filter((g) => namesLocation(g.doc.privateLocations, loc)).map((g) => ({ id: g.id, name: String(g.doc.name) })),
      }
    })
  }

  async function presenceOf(locationId: string): Promise<{ lastSeen: string | null; agentCount: number }> {
    const p = await stores.privateLocationAgents.presence(locationId, clock.now() - connectedWindowMs(recentMs))
    return { lastSeen: toIsoOrNull(p.lastSeen), agentCount: p.agentCount }
  }

  async function views(accountId: string, records: LocationRecord[], fresh?: PrivateLocationKeyView): Promise<PrivateLocationView[]> {
    const users = await usersOf(stores, accountId, records)
    const statuses = await stores.privateLocationAvailability.statuses(accountId)
    return Promise.all(
      records.map(async (r, i) => {
        const keys = (await stores.privateLocationKeys.listFor(accountId, r.id)).map((k) => (fresh && k.id === fresh.id ? fresh : keyView(k)))
        const { name, slugName, icon, proxyUrl } = docOf(r)
        return {
          id: r.id,
          name,
          slugName,
          icon,
          proxyUrl,
          keys,
          checkAssignments: users[i]?.checks.length ?? 0,
          groupAssignments: users[i]?.groups.length ?? 0,
          ...(await presenceOf(r.id)),
          // NEVER_CONNECTED until a first agent; UNAVAILABLE after a while without one (nothing is scheduled there).
          availability: statuses.get(r.id)?.status ?? 'NEVER_CONNECTED',
          availabilityChangedAt: toIsoOrNull(statuses.get(r.id)?.changedAt ?? null),
          created_at: toIso(r.createdAt),
          updated_at: toIsoOrNull(r.updatedAt),
        }
      }),
    )
  }
  const view = async (accountId: string, record: LocationRecord, fresh?: PrivateLocationKeyView) => (await views(accountId, [record], fresh))[0] as PrivateLocationView

  async function find(s: PrivateLocationServiceDeps['stores'], accountId: string, id: string): Promise<LocationRecord> {
    const record = isUuid(id) ? await s.privateLocations.get(accountId, id) : undefined
    if (!record) throw new NotFoundError('Private location', id)
    return record
  }

  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const doc = problems.valid(problems.check(() => buildPrivateLocationDoc(body)))
      const { record, key } = await transact(async (s) => {
        const taken = await s.privateLocations.list(accountId, { where: { slug_name: doc.slugName }, limit: 1 })
        if (taken.total > 0) throw new ConflictError(`A private location with slugName "${doc.slugName}" already exists`, { slugName: 'is already in use' })
        const inserted = await s.privateLocations.insert(accountId, doc, clock.now())
        return { record: inserted, key: await insertKey(s, accountId, inserted.id) }
      })
      return view(accountId, record, key)
    },

    async get(accountId, id) {
      return view(accountId, await find(stores, accountId, id))
    },

    async list(accountId, q) {
      const { items, total } = await stores.privateLocations.list(accountId, q.limit === undefined ? {} : { limit: q.limit, offset: ((q.page ?? 1) - 1) * q.limit })
      return { items: await views(accountId, items), total }
    },

    async update(accountId, id, body, schemaErrors) {
      const record = await transact(async (s) => {
        const existing = await find(s, accountId, id)
        const problems = new BodyProblems(schemaErrors)
        const doc = problems.valid(problems.check(() => updatePrivateLocationDoc(docOf(existing), body)))
        const updated = await s.privateLocations.update(accountId, id, doc, clock.now())
        if (!updated) throw new NotFoundError('Private location', id)
        return updated
      })
      return view(accountId, record)
    },

    async remove(accountId, id) {
      await transact(async (s) => {
        const record = await find(s, accountId, id)
        const [users] = await usersOf(s, accountId, [record])
        if (users && (users.checks.length > 0 || users.groups.length > 0)) {
          const names = [...users.checks.map((c) => `check "${c.name}" (${c.id})`), ...users.groups.map((g) => `group "${g.name}" (${g.id})`)]
          throw new ConflictError(`Private location "${docOf(record).slugName}" is still used by ${names.join(', ')}; remove it from them first`, {
            checks: users.checks,
            groups: users.groups,
          })
        }
        await s.privateLocations.delete(accountId, id)
      })
    },

    async addKey(accountId, id) {
      return transact(async (s) => {
        const record = await find(s, accountId, id)
        // Rewriting the location row serialises concurrent key creation for it (a row lock on PostgreSQL).
        await s.privateLocations.update(accountId, id, record.doc, clock.now())
        const keys = await s.privateLocationKeys.listFor(accountId, id)
        if (keys.length >= MAX_KEYS_PER_LOCATION) {
          // Over a limit is a 402 for this operation in the reference (its only documented refusal of a valid request).
          throw new DomainError(402, `A private location holds at most ${MAX_KEYS_PER_LOCATION} keys; revoke one before adding another`, {
            keys: `at most ${MAX_KEYS_PER_LOCATION}`,
          })
        }
        return insertKey(s, accountId, id)
      })
    },

    async removeKey(accountId, id, keyId) {
      await transact(async (s) => {
        await find(s, accountId, id)
        if (!isUuid(keyId) || !(await s.privateLocationKeys.delete(accountId, id, keyId))) throw new NotFoundError('Private location key', keyId)
      })
    },
  }
}
