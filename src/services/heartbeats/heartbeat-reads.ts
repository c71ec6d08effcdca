/** Reading heartbeats: availability over a window, events, and the availability of the last 24 hours and 7 days. */
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import { DAY_MS, availabilityOf, lastWindow, parseTimeParam, previousWindow, windowOf, type Availability, type TimeWindow } from '../../domain/heartbeats/availability.js'
import type { HeartbeatEventView } from '../../domain/heartbeats/contract.js'
import type { Uses } from '../resource-deps.js'
import { presentEvent } from './heartbeat-view.js'

export interface WindowQuery {
  startTime?: string | undefined
  endTime?: string | undefined
}

export interface EventsQuery extends WindowQuery {
  limit: number
  page: number
}

export interface EventStats {
  last24Hours: Availability | null
  last7Days: Availability | null
}

export interface HeartbeatReads {
  availability(accountId: string, checkId: string, q: WindowQuery): Promise<Availability | null>
  /** A page of events with the check's stats, and how many events the window holds. */
  events(accountId: string, checkId: string, q: EventsQuery): Promise<{ events: HeartbeatEventView[]; stats: EventStats; total: number }>
  /** Availability of the last 24 hours and of the last 7 days. */
  stats(accountId: string, checkId: string): Promise<EventStats>
  event(accountId: string, checkId: string, eventId: string): Promise<{ event: HeartbeatEventView; stats: EventStats }>
}

export function heartbeatReads(deps: Uses<'checks' | 'heartbeats', 'clock'>): HeartbeatReads {
  const { stores, clock } = deps

  const heartbeatCheck = async (accountId: string, checkId: string) => {
    const check = await stores.checks.get(accountId, checkId)
    if (!check || check.checkType !== 'HEARTBEAT') throw new NotFoundError('Heartbeat check', checkId)
    return check
  }
  const availabilityIn = async (accountId: string, checkId: string, w: TimeWindow) => {
    const previous = previousWindow(w)
    const [current, before] = await Promise.all([
      stores.heartbeats.countOutcomes(accountId, checkId, w.from, w.to),
      stores.heartbeats.countOutcomes(accountId, checkId, previous.from, previous.to),
    ])
    return availabilityOf(current, before)
  }
  const statsOf = async (accountId: string, checkId: string): Promise<EventStats> => {
    const now = clock.now()
    return {
      last24Hours: await availabilityIn(accountId, checkId, lastWindow(now, DAY_MS)),
      last7Days: await availabilityIn(accountId, checkId, lastWindow(now, 7 * DAY_MS)),
    }
  }

  return {
    async availability(accountId, checkId, q) {
      await heartbeatCheck(accountId, checkId)
      const w = windowOf(q.startTime, q.endTime, clock.now())
      if ('errors' in w) throw new ValidationError(w.errors)
      return availabilityIn(accountId, checkId, w)
    },
    async events(accountId, checkId, q) {
      await heartbeatCheck(accountId, checkId)
      const from = parseTimeParam(q.startTime)
      const to = parseTimeParam(q.endTime)
      const errors: Record<string, string> = {}
      if (Number.isNaN(from)) errors.startTime = 'must be a UNIX timestamp in seconds or an ISO 8601 date'
      if (Number.isNaN(to)) errors.endTime = 'must be a UNIX timestamp in seconds or an ISO 8601 date'
      if (from !== undefined && to !== undefined && to <= from && !errors.startTime && !errors.endTime) errors.endTime = 'must be after startTime'
      if (Object.keys(errors).length > 0) throw new ValidationError(errors)
      const { items, total } = await stores.heartbeats.listEvents({ accountId, checkId, from, to, limit: q.limit, offset: (q.page - 1) * q.limit })
      return { events: items.map(presentEvent), stats: await statsOf(accountId, checkId), total }
    },
    async stats(accountId, checkId) {
      await heartbeatCheck(accountId, checkId)
      return statsOf(accountId, checkId)
    },
    async event(accountId, checkId, eventId) {
      await heartbeatCheck(accountId, checkId)
      const row = await stores.heartbeats.getEvent(accountId, checkId, eventId)
      if (!row) throw new NotFoundError('Heartbeat event', eventId)
      return { event: presentEvent(row), stats: await statsOf(accountId, checkId) }
    },
  }
}
