/**
 * The skipped runs of a check (domain/schedule/stale-slots.ts): scheduled runs that went stale in the queue because
 * the runners were behind. What the console's check page reads to say that runs were skipped.
 */
import { DomainError, NotFoundError } from '../../domain/errors.js'
import { toIso } from '../../lib/clock.js'
import { isUuid } from '../../lib/ids.js'
import { uses, type DepsOf } from '../resource-deps.js'

export const DAY_MS = 86_400_000

export interface SkippedRunQuery {
  /** Unix seconds; default: `to` minus 24 hours. */
  from?: number | undefined
  /** Unix seconds; default: now. */
  to?: number | undefined
  limit: number
}

export interface SkippedRunView {
  location: string
  privateLocationId: string | null
  scheduledAt: string
  skippedAt: string
}

export interface SkippedRunList {
  from: string
  to: string
  /** Skipped runs in the window, all of them (items holds at most `limit`, newest slot first). */
  total: number
  items: SkippedRunView[]
}

export interface SkippedRunService {
  listForCheck(accountId: string, checkId: string, q: SkippedRunQuery): Promise<SkippedRunList>
}

export const skippedRunServiceUses = uses(['checks', 'runSkips'], ['clock'])
export type SkippedRunServiceDeps = DepsOf<typeof skippedRunServiceUses>

export function skippedRunService(deps: SkippedRunServiceDeps): SkippedRunService {
  const { stores, clock } = deps
  return {
    async listForCheck(accountId, checkId, q) {
      if (!isUuid(checkId) || !(await stores.checks.get(accountId, checkId.toLowerCase()))) throw new NotFoundError('Check', checkId)
      const to = q.to === undefined ? clock.now() : q.to * 1000
      const from = q.from === undefined ? to - DAY_MS : q.from * 1000
      if (from > to) throw new DomainError(400, '"from" must not be after "to"', { from: 'after to' })
      const { items, total } = await stores.runSkips.listForCheck(checkId.toLowerCase(), { from, to, limit: q.limit })
      return {
        from: toIso(from),
        to: toIso(to),
        total,
        items: items.map((r) => ({ location: r.location, privateLocationId: r.private_location_id, scheduledAt: toIso(r.scheduled_at), skippedAt: toIso(r.skipped_at) })),
      }
    },
  }
}
