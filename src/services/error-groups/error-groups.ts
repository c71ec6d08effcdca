/**
 * Error groups: every failing FINAL result's message is cleaned and hashed, and counted in its check's
 * group (record, called after results are stored); the account reads its groups and archives them.
 */
import { FieldErrorCollector, NotFoundError, ValidationError } from '../../domain/errors.js'
import { foldOccurrences, type GroupOccurrences } from '../../domain/error-groups/occurrences.js'
import { toIso } from '../../lib/clock.js'
import { isUuid, newId } from '../../lib/ids.js'
import type { ErrorGroupChanges, ErrorGroupRow } from '../../store/error-groups.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { analysesOfGroups, type GroupAnalysis } from '../root-cause-analyses/group-analyses.js'
import type { ErrorGroupPatch, ErrorGroupView } from '../../domain/error-groups/contract.js'

export interface ErrorGroupListQuery {
  limit: number
  page: number
  /** Also list archived groups (both kinds). */
  includeArchived?: boolean | undefined
}

export interface ErrorGroupService {
  /** Counts the failing FINAL results of a batch in their groups (one upsert); returns how many groups changed. */
  record(rows: CheckResultRow[]): Promise<number>
  list(accountId: string, q: ErrorGroupListQuery): Promise<{ items: ErrorGroupView[]; total: number }>
  listForCheck(accountId: string, checkId: string, q: ErrorGroupListQuery): Promise<{ items: ErrorGroupView[]; total: number }>
  get(accountId: string, id: string): Promise<ErrorGroupView>
  update(accountId: string, id: string, patch: ErrorGroupPatch): Promise<ErrorGroupView>
}

/** A group as the API shows it, with its completed root-cause analyses (read with the page, see group-analyses.ts). */
export const presentErrorGroup = (r: ErrorGroupRow, analyses: GroupAnalysis[] = []): ErrorGroupView => ({
  id: r.id,
  checkId: r.check_id,
  errorHash: r.error_hash,
  rawErrorMessage: r.raw_error_message,
  cleanedErrorMessage: r.cleaned_error_message,
  firstSeen: toIso(Number(r.first_seen)),
  lastSeen: toIso(Number(r.last_seen)),
  archivedUntilNextEvent: Number(r.archived_until_next_event) === 1,
  rootCauseAnalyses: analyses,
  occurrences: Number(r.occurrences),
  archivedForever: Number(r.archived_forever) === 1,
})

const toRow = (o: GroupOccurrences, now: number): ErrorGroupRow => ({
  id: newId(),
  account_id: o.accountId,
  check_id: o.checkId,
  error_hash: o.errorHash,
  cleaned_error_message: o.cleanedErrorMessage,
  raw_error_message: o.rawErrorMessage,
  first_seen: o.firstSeen,
  last_seen: o.lastSeen,
  occurrences: o.count,
  archived_until_next_event: 0,
  archived_forever: 0,
  created_at: now,
  updated_at: now,
})

const PATCH_FIELDS = ['archiveForEver', 'archivedUntilNextEvent'] as const

/** The changes a PATCH body asks for; a 400 naming the fields when it asks for none or sends something else. */
export function patchChanges(patch: ErrorGroupPatch, now: number): ErrorGroupChanges {
  const given = PATCH_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== null)
  if (given.length === 0) {
    throw new ValidationError(
      { archiveForEver: 'is required unless archivedUntilNextEvent is given', archivedUntilNextEvent: 'is required unless archiveForEver is given' },
      'The body must set archiveForEver or archivedUntilNextEvent (true or false)',
    )
  }
  const errors = new FieldErrorCollector()
  for (const f of given) if (typeof patch[f] !== 'boolean') errors.add(f, 'must be boolean')
  errors.throwIfAny()
  const flag = (v: boolean | null | undefined) => (v ? 1 : 0)
  return {
    ...(typeof patch.archiveForEver === 'boolean' ? { archived_forever: flag(patch.archiveForEver) } : {}),
    ...(typeof patch.archivedUntilNextEvent === 'boolean' ? { archived_until_next_event: flag(patch.archivedUntilNextEvent) } : {}),
    updated_at: now,
  }
}

/** What the error group service uses: the wiring hands it these stores and shared things and no others. */
export const errorGroupServiceUses = uses(['checks', 'errorGroups', 'rootCauseAnalyses'], ['clock', 'transact'])
export type ErrorGroupServiceDeps = DepsOf<typeof errorGroupServiceUses>

export function errorGroupService(deps: ErrorGroupServiceDeps): ErrorGroupService {
  const { stores, clock } = deps

  const withAnalyses = async (accountId: string, rows: ErrorGroupRow[]): Promise<ErrorGroupView[]> => {
    const analyses = await analysesOfGroups(
      stores.rootCauseAnalyses,
      accountId,
      'check',
      rows.map((r) => r.id),
    )
    return rows.map((r) => presentErrorGroup(r, analyses.get(r.id)))
  }

  const page = async (accountId: string, checkId: string | undefined, q: ErrorGroupListQuery) => {
    const { items, total } = await stores.errorGroups.list({
      accountId,
      checkId,
      includeArchived: q.includeArchived === true,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    })
    return { items: await withAnalyses(accountId, items), total }
  }

  return {
    async record(rows) {
      const occurrences = foldOccurrences(
        rows.map((r) => ({
          accountId: r.account_id,
          checkId: r.check_id,
          resultType: r.result_type,
          status: r.status,
          errorMessage: r.error_message,
          at: Number(r.started_at),
        })),
      )
      if (occurrences.length === 0) return 0
      const write = () =>
        deps.transact(async (s) => {
          // A check deleted since its results were written has no groups any more (they go with it).
          const alive = await s.errorGroups.existingChecks([...new Set(occurrences.map((o) => o.checkId))])
          const now = clock.now()
          const rowsToWrite = occurrences.filter((o) => alive.has(o.checkId)).map((o) => toRow(o, now))
          await s.errorGroups.addOccurrences(rowsToWrite)
          return rowsToWrite.length
        })
      // A check deleted between that read and the write fails the batch on its foreign key: one more try sees it gone.
      return write().catch(() => write())
    },

    list: (accountId, q) => page(accountId, undefined, q),

    async listForCheck(accountId, checkId, q) {
      if (!isUuid(checkId) || !(await stores.checks.get(accountId, checkId.toLowerCase()))) throw new NotFoundError('Check', checkId)
      return page(accountId, checkId.toLowerCase(), q)
    },

    async get(accountId, id) {
      const row = isUuid(id) ? await stores.errorGroups.get(accountId, id.toLowerCase()) : undefined
      if (!row) throw new NotFoundError('Error group', id)
      return (await withAnalyses(accountId, [row]))[0] ?? presentErrorGroup(row)
    },

    async update(accountId, id, patch) {
      const changes = patchChanges(patch, clock.now())
      const row = isUuid(id) ? await stores.errorGroups.update(accountId, id.toLowerCase(), changes) : undefined
      if (!row) throw new NotFoundError('Error group', id)
      return (await withAnalyses(accountId, [row]))[0] ?? presentErrorGroup(row)
    },
  }
}
