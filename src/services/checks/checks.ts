/** Use cases for checks: account-scoped create, update, read, delete and list. */
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { newId } from '../../lib/ids.js'
import { buildCheckDoc } from '../../domain/checks/build-doc.js'
import type { Doc } from '../../domain/checks/check-type.js'
import type { CheckView } from '../../domain/checks/check-view-schema.js'
import { docOfType, type BuiltCheck, type StoredCheck } from '../../domain/checks/contract.js'
import { checkTypeBySegment } from '../../domain/checks/registry.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, type FieldErrors } from '../../domain/errors.js'
import type { CheckRecord } from '../../store/checks.js'
import { presentWithGroupSettings } from './check-view.js'
import { loadCheckViews } from './check-views.js'
import { validateReferences } from './references.js'
import { syncSubscriptions } from '../alert-channels/channel-subscriptions.js'
import { syncSchedule } from './check-schedule.js'
import { syncHeartbeatTimer } from '../heartbeats/heartbeat-timer-sync.js'

export interface ListChecksQuery {
  limit: number
  page: number
  checkType?: string | undefined
  tag?: string[] | undefined
  search?: string | undefined
  apiCheckUrlFilterPattern?: string | undefined
  status?: string | undefined
  applyGroupSettings?: boolean | undefined
}

export interface WriteOptions {
  autoAssignAlerts: boolean
}

export type { CheckView }

/**
 * create and update take the reasons the body failed its schema for, if it did (`schemaErrors`): the rules and
 * references are still checked, and one 400 names every problem.
 */
export interface CheckService {
  create(accountId: string, segment: string, body: Doc, options: WriteOptions, schemaErrors?: FieldErrors): Promise<CheckView>
  update(accountId: string, segment: string, id: string, body: Doc, options: WriteOptions, schemaErrors?: FieldErrors): Promise<CheckView>
  get(accountId: string, id: string, options?: { applyGroupSettings?: boolean | undefined }): Promise<CheckView>
  remove(accountId: string, id: string): Promise<void>
  list(accountId: string, query: ListChecksQuery): Promise<{ items: CheckView[]; total: number }>
}

/** Subscriptions live in their own table; the stored document does not repeat them. */
const withoutLinks = (doc: BuiltCheck): StoredCheck => {
  const { alertChannelSubscriptions: _links, ...rest } = doc
  return rest
}

/** What the check service uses: the wiring hands it these stores and shared things and no others. */
export const checkServiceUses = uses(
  ['checks', 'checkGroups', 'alertSubscriptions', 'alertChannels', 'checkLinks', 'snippets', 'privateLocations', 'statusPageServices', 'schedules', 'heartbeats'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type CheckServiceDeps = DepsOf<typeof checkServiceUses>

export function checkService(deps: CheckServiceDeps): CheckService {
  const { stores, clock, transact } = deps

  async function views(accountId: string, records: CheckRecord[], options: { justCreated?: boolean } = {}): Promise<CheckView[]> {
    return loadCheckViews(stores, deps.publicBaseUrl, accountId, records, options)
  }
  const view = async (accountId: string, record: CheckRecord, options: { justCreated?: boolean } = {}) => (await views(accountId, [record], options))[0] as CheckView

  /** Views of checks in a group with the group's settings applied (applyGroupSettings); each group is loaded once. */
  async function withGroupSettings(accountId: string, shown: CheckView[]): Promise<CheckView[]> {
    const ids = [...new Set(shown.map((c) => c.groupId).filter((g): g is number => typeof g === 'number'))]
    const groups = new Map<number, Doc>()
    for (const id of ids) {
      const group = await stores.checkGroups.get(accountId, id)
      if (group) groups.set(id, group.doc)
    }
    return shown.map((c) => {
      const group = typeof c.groupId === 'number' ? groups.get(c.groupId) : undefined
      return group ? presentWithGroupSettings(c, group) : c
    })
  }

  const defOf = (segment: string) => {
    const def = checkTypeBySegment.get(segment)
    if (!def) throw new NotFoundError('Check type', segment)
    return def
  }

  async function ensureUniquePingToken(s: Pick<Stores, 'checks'>, id: string, checkType: string, doc: StoredCheck): Promise<void> {
    const token = docOfType({ checkType, doc }, 'HEARTBEAT')?.heartbeat.pingToken
    if (typeof token !== 'string') return
    const owner = await s.checks.findIdByPingToken(token)
    if (owner && owner !== id) throw new ConflictError('heartbeat.pingToken is already in use', { 'heartbeat.pingToken': 'is already in use' })
  }

  /** A heartbeat keeps its token unless a new one is given; a new heartbeat without one gets a random token. */
  const withPingToken = (doc: BuiltCheck, previous?: StoredCheck): BuiltCheck => {
    const heartbeat = docOfType({ checkType: 'HEARTBEAT', doc }, 'HEARTBEAT')?.heartbeat
    if (!heartbeat || typeof heartbeat.pingToken === 'string') return doc
    const kept = previous && docOfType({ checkType: 'HEARTBEAT', doc: previous }, 'HEARTBEAT')?.heartbeat.pingToken
    return { ...doc, heartbeat: { ...heartbeat, pingToken: typeof kept === 'string' ? kept : newId() } }
  }

  return {
    async create(accountId, segment, body, options, schemaErrors) {
      const def = defOf(segment)
      const id = newId()
      const problems = new BodyProblems(schemaErrors)
      const built = problems.check((errors) => buildCheckDoc({ def, id, body, errors }))
      const record = await transact(async (s) => {
        if (built) await problems.checkAsync(() => validateReferences(s, accountId, built))
        let doc = problems.valid(built)
        if (def.checkType === 'HEARTBEAT') doc = withPingToken(doc)
        const record: CheckRecord = { id, accountId, checkType: def.checkType, doc: withoutLinks(doc), createdAt: clock.now(), updatedAt: null }
        await ensureUniquePingToken(s, id, def.checkType, doc)
        await s.checks.insert(record)
        await syncSubscriptions(s, accountId, { checkId: id }, { body, autoAssignAlerts: options.autoAssignAlerts, isCreate: true })
        await syncSchedule(s, record, undefined, clock.now())
        await syncHeartbeatTimer(s, record, clock.now())
        return record
      })
      return view(accountId, record, { justCreated: true })
    },

    async update(accountId, segment, id, body, options, schemaErrors) {
      const def = defOf(segment)
      const record = await transact(async (s) => {
        const existing = await s.checks.get(accountId, id)
        if (!existing || existing.checkType !== def.checkType) throw new NotFoundError(`${def.checkType} check`, id)
        const problems = new BodyProblems(schemaErrors)
        const built = problems.check((errors) => buildCheckDoc({ def, id, body, existing: existing.doc, errors }))
        if (built) await problems.checkAsync(() => validateReferences(s, accountId, built))
        let doc = problems.valid(built)
        if (def.checkType === 'HEARTBEAT') doc = withPingToken(doc, existing.doc)
        await ensureUniquePingToken(s, id, def.checkType, doc)
        const updated: CheckRecord = { ...existing, doc: withoutLinks(doc), updatedAt: clock.now() }
        await s.checks.update(updated, existing.doc.tags ?? [])
        await syncSubscriptions(s, accountId, { checkId: id }, { body, autoAssignAlerts: options.autoAssignAlerts, isCreate: false })
        await syncSchedule(s, updated, existing.doc, clock.now())
        await syncHeartbeatTimer(s, updated, clock.now())
        return updated
      })
      return view(accountId, record)
    },

    async get(accountId, id, options) {
      const record = await stores.checks.get(accountId, id)
      if (!record) throw new NotFoundError('Check', id)
      const shown = await view(accountId, record)
      return options?.applyGroupSettings ? ((await withGroupSettings(accountId, [shown]))[0] as CheckView) : shown
    },

    async remove(accountId, id) {
      if (!(await stores.checks.delete(accountId, id))) throw new NotFoundError('Check', id)
    },

    async list(accountId, q) {
      const { items, total } = await stores.checks.list({
        accountId,
        checkType: q.checkType,
        tags: q.tag,
        search: q.search,
        urlPattern: q.apiCheckUrlFilterPattern,
        status: q.status,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      })
      const shown = await views(accountId, items)
      return { items: q.applyGroupSettings ? await withGroupSettings(accountId, shown) : shown, total }
    },
  }
}
