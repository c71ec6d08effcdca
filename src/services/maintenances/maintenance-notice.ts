/**
 * What, if anything, a change of a maintenance tells the subscribers of its window's status pages (pure): an update
 * posted with notifySubscribers is sent as it is; otherwise a start (notifyOnStart), an end or a cancellation
 * (notifyOnEnd) is announced, and new dates are announced as a reschedule. A hidden window announces nothing.
 */
import type { StatusPageVisibility } from '../../domain/maintenance-visibility.js'
import { statusAt, type MaintenanceDoc, type MaintenanceStatus } from '../../domain/maintenances.js'
import type { MaintenanceNotice } from '../status-pages/maintenance-mail-queue.js'

const ACTIVE: readonly MaintenanceStatus[] = ['IN_PROGRESS', 'VERIFYING']

export function maintenanceNotice(
  before: MaintenanceDoc,
  after: MaintenanceDoc,
  visibility: StatusPageVisibility | undefined,
  now: number,
  update?: { description: string; notifySubscribers: boolean },
): MaintenanceNotice | null {
  if (!visibility?.enabled || visibility.statusPageIds.length === 0 || after.deleted) return null
  const [was, is] = [statusAt(before, now), statusAt(after, now)]
  const dates = { startsAt: Date.parse(after.startsAt), endsAt: Date.parse(after.endsAt), status: is }
  const description = update?.description ?? null
  if (update?.notifySubscribers) return { event: 'update', description, ...dates }
  if (is !== was && ACTIVE.includes(is) && !ACTIVE.includes(was)) return visibility.notifyOnStart ? { event: 'started', description, ...dates } : null
  if (is !== was && (is === 'COMPLETED' || is === 'CANCELLED')) return visibility.notifyOnEnd ? { event: is === 'CANCELLED' ? 'cancelled' : 'ended', description, ...dates } : null
  if (!update && (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt)) return { event: 'rescheduled', description, ...dates }
  return null
}
