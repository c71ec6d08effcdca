/** Keeps a check's schedule in step with its document: created, moved on a frequency change, removed when off. */
import { firstDue } from '../../domain/schedule/next-due.js'
import type { StoredCheck } from '../../domain/checks/contract.js'
import type { CheckRecord } from '../../store/checks.js'
import type { Stores } from '../stores.js'

const scheduleOf = (doc: StoredCheck, id: string) => ({ frequency: doc.frequency, frequencyOffset: doc.frequencyOffset ?? null, spreadKey: id })

export async function syncSchedule(s: Pick<Stores, 'schedules'>, record: CheckRecord, previous: StoredCheck | undefined, now: number): Promise<void> {
  // Heartbeats are not run by the engine: their deadlines come from pings.
  if (record.checkType === 'HEARTBEAT') return
  if (record.doc.activated === false) {
    // A check just created (no previous document) has no schedule to remove.
    if (previous) await s.schedules.remove(record.id)
    return
  }
  const before = previous ? scheduleOf(previous, record.id) : undefined
  const after = scheduleOf(record.doc, record.id)
  const changed = !before || previous?.activated === false || before.frequency !== after.frequency || before.frequencyOffset !== after.frequencyOffset
  if (changed || !(await s.schedules.get(record.id))) {
    await s.schedules.put(record.id, record.accountId, firstDue(after, now), now)
  }
}
