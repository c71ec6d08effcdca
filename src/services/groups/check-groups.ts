/** Check groups: account-scoped create, update, read, list, delete, and the group's checks. */
import { uses, type DepsOf } from '../resource-deps.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, type FieldErrors } from '../../domain/errors.js'
import { buildGroupDoc } from '../../domain/groups/build-doc.js'
import type { CheckGroupCreateBody, CheckGroupUpdateBody } from '../../domain/groups/schema.js'
import { answeredAlertSettings, answeredBrowserCheckDefaults } from '../../domain/groups/answered-settings.js'
import { parseSerialId } from '../../domain/groups/serial-id.js'
import type { CheckGroupView } from '../../domain/groups/view-schema.js'
import { SECRET_VALUE_MASK, hideSecretValues } from '../../domain/secrets/env-var-secrets.js'
import type { CheckRecord } from '../../store/checks.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'
import { presentWithGroupSettings } from '../checks/check-view.js'
import { loadCheckViews } from '../checks/check-views.js'
import { validateReferences } from '../checks/references.js'
import { linkViews, syncSubscriptions, type LinkView } from '../alert-channels/channel-subscriptions.js'

export type { CheckGroupView }
/** A check of the group as the checks feature shows it, with the group's settings applied. */
export type GroupCheckView = ReturnType<typeof presentWithGroupSettings>

export interface ListGroupsQuery {
  limit: number
  page: number
  /** Exact names; a group matching any of them is kept. */
  name?: string[] | undefined
  /** A group with at least one of these tags is kept. */
  tag?: string[] | undefined
}

export interface GroupWriteOptions {
  autoAssignAlerts: boolean
}

/** create and update take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface CheckGroupService {
  create(accountId: string, body: CheckGroupCreateBody, options: GroupWriteOptions, schemaErrors?: FieldErrors): Promise<CheckGroupView>
  update(accountId: string, id: string, body: CheckGroupUpdateBody, options: GroupWriteOptions, schemaErrors?: FieldErrors): Promise<CheckGroupView>
  get(accountId: string, id: string): Promise<CheckGroupView>
  list(accountId: string, query: ListGroupsQuery): Promise<{ items: CheckGroupView[]; total: number }>
  remove(accountId: string, id: string): Promise<void>
  /** The group's checks with the group's settings applied, paged. */
  listChecks(accountId: string, id: string, page: { limit: number; page: number }): Promise<{ items: GroupCheckView[]; total: number }>
  getCheck(accountId: string, groupId: string, checkId: string): Promise<GroupCheckView>
}

/** A foreign-key failure: a check joined the group between the emptiness test and the delete. */
const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: unknown } | null
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])

/** What the check group service uses: the wiring hands it these stores and shared things and no others. */
export const checkGroupServiceUses = uses(
  ['checkGroups', 'checks', 'alertSubscriptions', 'alertChannels', 'checkLinks', 'snippets', 'privateLocations', 'statusPageServices'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type CheckGroupServiceDeps = DepsOf<typeof checkGroupServiceUses>

export function checkGroupService(deps: CheckGroupServiceDeps): CheckGroupService {
  const { stores, transact, clock } = deps

  const idOf = (raw: string): number => {
    const id = parseSerialId(raw)
    if (id === null) throw new NotFoundError('Check group', raw)
    return id
  }

  const present = (r: DocRecord<number, StoredCheckGroupDoc>, link: LinkView | undefined): CheckGroupView => ({
    id: r.id,
    // A secret's value reads as ***** (the reference schema of a group's entries requires a string).
    ...hideSecretValues(r.doc, SECRET_VALUE_MASK),
    // The reference requires both: a group without its own answers the defaults (answered-settings.ts).
    alertSettings: answeredAlertSettings(r.doc.alertSettings),
    browserCheckDefaults: answeredBrowserCheckDefaults(r.doc.browserCheckDefaults),
    alertChannelSubscriptions: link?.alertChannelSubscriptions ?? [],
    created_at: toIso(r.createdAt),
    updated_at: toIsoOrNull(r.updatedAt),
  })
  async function views(accountId: string, records: DocRecord<number, StoredCheckGroupDoc>[]): Promise<CheckGroupView[]> {
    const subs = await Promise.all(records.map((r) => stores.alertSubscriptions.listFor(accountId, { groupId: r.id })))
    const links = await linkViews(stores, accountId, subs)
    return records.map((r, i) => present(r, links[i]))
  }
  async function view(accountId: string, record: DocRecord<number, StoredCheckGroupDoc>): Promise<CheckGroupView> {
    const [link] = await linkViews(stores, accountId, [await stores.alertSubscriptions.listFor(accountId, { groupId: record.id })])
    return present(record, link)
  }

  async function loadGroup(accountId: string, raw: string): Promise<DocRecord<number, StoredCheckGroupDoc>> {
    const record = await stores.checkGroups.get(accountId, idOf(raw))
    if (!record) throw new NotFoundError('Check group', raw)
    return record
  }

  /** Checks as GET /v1/checks shows them, then with the group's settings applied. */
  async function checkViews(accountId: string, group: DocRecord<number, StoredCheckGroupDoc>, records: CheckRecord[]): Promise<GroupCheckView[]> {
    const settings = group.doc
    return (await loadCheckViews(stores, deps.publicBaseUrl, accountId, records)).map((view) => presentWithGroupSettings(view, settings))
  }

  return {
    async create(accountId, body, options, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const built = problems.check((errors) => buildGroupDoc(body, undefined, errors))
      const record = await transact(async (s) => {
        if (built) await problems.checkAsync(() => validateReferences(s, accountId, { ...built, alertChannelSubscriptions: body.alertChannelSubscriptions }))
        const doc = problems.valid(built)
        const created = await s.checkGroups.insert(accountId, doc, clock.now())
        await syncSubscriptions(s, accountId, { groupId: created.id }, { body, autoAssignAlerts: options.autoAssignAlerts, isCreate: true })
        return created
      })
      return view(accountId, record)
    },

    async update(accountId, rawId, body, options, schemaErrors) {
      const id = idOf(rawId)
      const record = await transact(async (s) => {
        const existing = await s.checkGroups.get(accountId, id)
        if (!existing) throw new NotFoundError('Check group', rawId)
        const problems = new BodyProblems(schemaErrors)
        const built = problems.check((errors) => buildGroupDoc(body, existing.doc, errors))
        if (built) await problems.checkAsync(() => validateReferences(s, accountId, { ...built, alertChannelSubscriptions: body.alertChannelSubscriptions }))
        const doc = problems.valid(built)
        const updated = await s.checkGroups.update(accountId, id, doc, clock.now())
        if (!updated) throw new NotFoundError('Check group', rawId)
        await syncSubscriptions(s, accountId, { groupId: id }, { body, autoAssignAlerts: options.autoAssignAlerts, isCreate: false })
        return updated
      })
      return view(accountId, record)
    },

    async get(accountId, rawId) {
      return view(accountId, await loadGroup(accountId, rawId))
    },

    async list(accountId, q) {
      const offset = (q.page - 1) * q.limit
      const names = q.name ?? []
      const tags = q.tag ?? []
      if (names.length === 0 && tags.length === 0) {
        const { items, total } = await stores.checkGroups.list(accountId, { limit: q.limit, offset })
        return { items: await views(accountId, items), total }
      }
      // Groups per account are few, so the name and tag filters run over the account's groups in memory.
      const { items } = await stores.checkGroups.list(accountId)
      const kept = items.filter((g) => {
        const doc = g.doc
        return (names.length === 0 || names.includes(doc.name)) && (tags.length === 0 || stringList(doc.tags).some((t) => tags.includes(t)))
      })
      return { items: await views(accountId, kept.slice(offset, offset + q.limit)), total: kept.length }
    },

    async remove(accountId, rawId) {
      const id = idOf(rawId)
      try {
        await transact(async (s) => {
          if (!(await s.checkGroups.get(accountId, id))) throw new NotFoundError('Check group', rawId)
          const { total } = await s.checks.list({ accountId, groupId: id, limit: 1, offset: 0 })
          if (total > 0) throw new ConflictError(`Check group ${id} still contains ${total} check(s); move or delete them first`, { checks: total })
          await s.checkGroups.delete(accountId, id)
        })
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new ConflictError(`Check group ${id} still contains checks; move or delete them first`)
        throw err
      }
    },

    async listChecks(accountId, rawId, page) {
      const group = await loadGroup(accountId, rawId)
      const { items, total } = await stores.checks.list({ accountId, groupId: group.id, limit: page.limit, offset: (page.page - 1) * page.limit })
      return { items: await checkViews(accountId, group, items), total }
    },

    async getCheck(accountId, rawGroupId, checkId) {
      const group = await loadGroup(accountId, rawGroupId)
      const check = await stores.checks.get(accountId, checkId)
      if (!check || check.doc.groupId !== group.id) throw new NotFoundError('Check', checkId)
      // One check gives one view; the test only tells the compiler so.
      const [view] = await checkViews(accountId, group, [check])
      if (!view) throw new NotFoundError('Check', checkId)
      return view
    },
  }
}
