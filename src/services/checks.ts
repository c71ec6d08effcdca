/** Use cases for checks: account-scoped create, update, read, delete and list. */
import type { Clock } from '../lib/clock.js'
import { newId } from '../lib/ids.js'
import { buildCheckDoc } from '../domain/checks/build-doc.js'
import type { Doc } from '../domain/checks/check-type.js'
import { checkTypeBySegment } from '../domain/checks/registry.js'
import { ConflictError, FieldErrorCollector, NotFoundError } from '../domain/errors.js'
import type { CheckRecord } from '../store/checks.js'
import type { Stores } from './stores.js'
import { presentCheck } from './check-view.js'

export interface CheckServiceDeps {
  stores: Stores
  clock: Clock
  publicBaseUrl: string
}

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

export type CheckView = Record<string, unknown>

export interface CheckService {
  create(accountId: string, segment: string, body: Doc, options: WriteOptions): Promise<CheckView>
  update(accountId: string, segment: string, id: string, body: Doc, options: WriteOptions): Promise<CheckView>
  get(accountId: string, id: string): Promise<CheckView>
  remove(accountId: string, id: string): Promise<void>
  list(accountId: string, query: ListChecksQuery): Promise<{ items: CheckView[]; total: number }>
}

export function checkService(deps: CheckServiceDeps): CheckService {
  const { stores, clock } = deps
  const view = (r: CheckRecord) => presentCheck(r, { publicBaseUrl: deps.publicBaseUrl })

  const defOf = (segment: string) => {
    const def = checkTypeBySegment.get(segment)
    if (!def) throw new NotFoundError('Check type', segment)
    return def
  }

  /** Rules that need the store: references to other resources of the same account, unique ping tokens. */
  async function checkReferences(accountId: string, id: string, doc: Doc): Promise<void> {
    const errors = new FieldErrorCollector()
    if (typeof doc.groupId === 'number' && !(await stores.checkGroups.exists(accountId, doc.groupId))) {
      errors.add('groupId', `check group ${doc.groupId} does not exist`)
    }
    errors.throwIfAny()
    const heartbeat = doc.heartbeat as Doc | undefined
    if (typeof heartbeat?.pingToken === 'string') {
      const owner = await stores.checks.findIdByPingToken(heartbeat.pingToken)
      if (owner && owner !== id) throw new ConflictError('heartbeat.pingToken is already in use', { 'heartbeat.pingToken': 'is already in use' })
    }
  }

  /** A heartbeat keeps its token unless a new one is given; a new heartbeat without one gets a random token. */
  const withPingToken = (doc: Doc, previous?: Doc): Doc => {
    const heartbeat = doc.heartbeat as Doc
    if (typeof heartbeat.pingToken === 'string') return doc
    const kept = (previous?.heartbeat as Doc | undefined)?.pingToken
    return { ...doc, heartbeat: { ...heartbeat, pingToken: typeof kept === 'string' ? kept : newId() } }
  }

  return {
    async create(accountId, segment, body, _options) {
      const def = defOf(segment)
      const id = newId()
      let doc = buildCheckDoc({ def, id, body })
      if (def.checkType === 'HEARTBEAT') doc = withPingToken(doc)
      await checkReferences(accountId, id, doc)
      const record: CheckRecord = { id, accountId, checkType: def.checkType, doc, createdAt: clock.now(), updatedAt: null }
      await stores.checks.insert(record)
      return view(record)
    },

    async update(accountId, segment, id, body, _options) {
      const def = defOf(segment)
      const existing = await stores.checks.get(accountId, id)
      if (!existing || existing.checkType !== def.checkType) throw new NotFoundError(`${def.checkType} check`, id)
      let doc = buildCheckDoc({ def, id, body, existing: existing.doc })
      if (def.checkType === 'HEARTBEAT') doc = withPingToken(doc, existing.doc)
      await checkReferences(accountId, id, doc)
      const record: CheckRecord = { ...existing, doc, updatedAt: clock.now() }
      await stores.checks.update(record)
      return view(record)
    },

    async get(accountId, id) {
      const record = await stores.checks.get(accountId, id)
      if (!record) throw new NotFoundError('Check', id)
      return view(record)
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
      return { items: items.map(view), total }
    },
  }
}
