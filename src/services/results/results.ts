/** Reading what the engine recorded: results (attempts and final), and the latest status per check. */
import { NotFoundError } from '../../domain/errors.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { presentResult, presentStatus } from './result-view.js'
import type { CheckResultView } from '../../domain/results/result-view-schema.js'
import type { CheckStatusCounts, CheckStatusView } from '../../domain/results/status-view-schema.js'
import { sslDaysByCheck } from '../ssl/ssl-certificates.js'
import { decodeResultCursor, encodeResultCursor, projectResult, type ResultField } from './result-cursor.js'

export interface ResultQuery {
  limit: number
  page: number
  from?: number | undefined
  to?: number | undefined
  location?: string | undefined
  hasFailures?: boolean | undefined
  resultType?: 'FINAL' | 'ATTEMPT' | 'ALL' | undefined
  /** Only results of a check of this type: a check has one type, so either all its results or none. */
  checkType?: string | undefined
}

export interface CursorResultQuery extends Omit<ResultQuery, 'page'> {
  nextId?: string | undefined
  fields?: ResultField[] | undefined
}

export interface ResultService {
  list(accountId: string, checkId: string, q: ResultQuery): Promise<{ items: CheckResultView[]; total: number }>
  /** One page of the v2 list, newest first; nextId reads the next page and is null on the last. */
  listByCursor(accountId: string, checkId: string, q: CursorResultQuery): Promise<{ entries: Array<Partial<CheckResultView>>; nextId: string | null }>
  get(accountId: string, checkId: string, resultId: string): Promise<CheckResultView>
  statuses(accountId: string): Promise<CheckStatusView[]>
  status(accountId: string, checkId: string): Promise<CheckStatusView>
  /** How many of the account's checks stand in each status, from one counting query (no status is read whole). */
  statusCounts(accountId: string): Promise<CheckStatusCounts>
}

/** What the result service uses: the wiring hands it these stores and shared things and no others. */
export const resultServiceUses = uses(['checks', 'results', 'sslCertificates'], ['clock', 'publicBaseUrl'])
export type ResultServiceDeps = DepsOf<typeof resultServiceUses>

export function resultService(deps: ResultServiceDeps): ResultService {
  const { stores } = deps
  const checkOf = async (accountId: string, checkId: string) => {
    const check = await stores.checks.get(accountId, checkId)
    if (!check) throw new NotFoundError('Check', checkId)
    return check
  }
  const filterOf = (accountId: string, checkId: string, q: Omit<ResultQuery, 'page'>) => ({
    accountId,
    checkId,
    from: q.from === undefined ? undefined : Math.round(q.from * 1000),
    to: q.to === undefined ? undefined : Math.round(q.to * 1000),
    location: q.location,
    hasFailures: q.hasFailures,
    resultType: q.resultType ?? 'FINAL',
    limit: q.limit,
  })
  const otherType = (check: { checkType: string }, q: { checkType?: string | undefined }) => q.checkType !== undefined && q.checkType !== check.checkType
  return {
    async list(accountId, checkId, q) {
      // The page carries its check's name and type (one statement, a round trip on PostgreSQL); only an empty page
      // looks the check up on its own, to tell a check without results from no check (404).
      const page = await stores.results.listOfCheck({ ...filterOf(accountId, checkId, q), offset: (q.page - 1) * q.limit })
      const check = page.check ?? (await checkOf(accountId, checkId))
      if (otherType(check, q)) return { items: [], total: 0 }
      const name = 'doc' in check ? String(check.doc.name) : check.name
      return { items: page.items.map((r) => presentResult(r, name, deps.publicBaseUrl)), total: page.total }
    },
    async listByCursor(accountId, checkId, q) {
      const after = q.nextId === undefined ? undefined : decodeResultCursor(q.nextId)
      const check = await checkOf(accountId, checkId)
      if (otherType(check, q)) return { entries: [], nextId: null }
      // One more than the page: whether a next page exists without counting them all.
      const rows = await stores.results.listAfter({ ...filterOf(accountId, checkId, q), limit: q.limit + 1, after })
      const page = rows.slice(0, q.limit)
      const last = page[page.length - 1]
      const views = page.map((r) => presentResult(r, String(check.doc.name), deps.publicBaseUrl))
      return {
        entries: q.fields && q.fields.length > 0 ? views.map((v) => projectResult(v, q.fields ?? [])) : views,
        nextId: rows.length > q.limit && last ? encodeResultCursor({ startedAt: Number(last.started_at), id: last.id }) : null,
      }
    },
    async get(accountId, checkId, resultId) {
      const check = await checkOf(accountId, checkId)
      const row = await stores.results.get(accountId, checkId, resultId)
      if (!row) throw new NotFoundError('Check result', resultId)
      return presentResult(row, String(check.doc.name), deps.publicBaseUrl)
    },
    async statuses(accountId) {
      // Every check has a status: those without a final result yet are listed as pending.
      const [checks, rows] = await Promise.all([stores.checks.listAll(accountId), stores.results.listStatuses(accountId)])
      const byCheck = new Map(rows.map((r) => [r.check_id, r]))
      const ssl = await sslDaysByCheck(
        stores,
        accountId,
        checks.map((c) => c.id),
        deps.clock.now(),
      )
      return checks.map((c) => presentStatus(byCheck.get(c.id), { id: c.id, name: String(c.doc.name), createdAt: c.createdAt }, ssl.get(c.id) ?? null))
    },
    async statusCounts(accountId) {
      const counts: CheckStatusCounts = { total: 0, passing: 0, degraded: 0, failing: 0, pending: 0 }
      for (const { status, n } of await stores.results.countStatuses(accountId)) {
        // The engine writes only passing, failing and degraded; anything else would not be a status a client knows.
        if (status in counts && status !== 'total') counts[status as keyof CheckStatusCounts] += n
        counts.total += n
      }
      return counts
    },
    async status(accountId, checkId) {
      // The check (for its name, or a 404) and its status in one read: each is a round trip on PostgreSQL.
      const found = await stores.results.getCheckStatus(accountId, checkId)
      if (!found) throw new NotFoundError('Check', checkId)
      const ssl = await sslDaysByCheck(stores, accountId, [checkId], deps.clock.now())
      return presentStatus(found.status, { id: checkId, name: found.name, createdAt: found.createdAt }, ssl.get(checkId) ?? null)
    },
  }
}
