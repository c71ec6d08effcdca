/**
 * One scheduler tick: claim the checks that are due, create their run jobs (one location round-robin, or every
 * location with runParallel) and move each schedule to its next slot, all in one transaction. On PostgreSQL the
 * claimed rows are locked with SKIP LOCKED, so several instances never create the same run twice.
 */
import { nextDueAfterRun } from '../domain/schedule/next-due.js'
import { locationInput, pickLocations } from '../domain/schedule/pick-locations.js'
import { SCHEDULER_TRIGGER, staleFrom } from '../domain/schedule/stale-slots.js'
import { firstAttemptJobs } from '../store/engine/run-jobs.js'
import type { Stores } from '../store/all-stores.js'
import type { CheckRecord } from '../store/checks.js'
import type { RunJobRow } from '../store/run-rows.js'
import type { EngineDeps, RunPlace } from './engine-deps.js'
import { effectiveDoc } from './prepare.js'
import { queueScheduledRuns } from './queue-scheduled-runs.js'
import type { StoredCheckGroupDoc } from '../domain/groups/schema.js'

export async function loadGroups(s: Stores, checks: CheckRecord[]): Promise<Map<number, StoredCheckGroupDoc>> {
  const groups = new Map<number, StoredCheckGroupDoc>()
  for (const c of checks) {
    const groupId = c.doc.groupId
    if (typeof groupId === 'number' && !groups.has(groupId)) {
      const g = await s.checkGroups.get(c.accountId, groupId)
      if (g) groups.set(groupId, g.doc)
    }
  }
  return groups
}

interface KnownLocation {
  id: string
  slugName: string
  /** No agent seen for a while (services/private-locations/location-availability.ts): nothing is queued there meanwhile. */
  unavailable: boolean
}

async function privateLocationsOf(s: Stores, accountIds: string[]): Promise<Map<string, KnownLocation[]>> {
  const out = new Map<string, KnownLocation[]>()
  for (const accountId of accountIds) {
    const statuses = await s.privateLocationAvailability.statuses(accountId)
    out.set(
      accountId,
      (await s.privateLocations.list(accountId)).items.map((l) => ({ id: l.id, slugName: String(l.doc.slugName), unavailable: statuses.get(l.id)?.status === 'UNAVAILABLE' })),
    )
  }
  return out
}

/** A run job the scheduler created: where it runs, and when it becomes due (a lane may lease it from then on). */
export type ScheduledRun = RunPlace & { dueAt: number }

/**
 * Claims and schedules due checks; returns where the run jobs it created will run and when. `lookaheadMs`: checks
 * due within it are claimed now too, their jobs queued for their own slot (not leased before it), so that a
 * small install's checks, spread over the interval, cost one scheduler transaction a second rather than one each.
 */
export async function scheduleDue(deps: EngineDeps, lookaheadMs = 0): Promise<ScheduledRun[]> {
  const now = deps.clock.now()
  const created = await deps.transact(async (s) => {
    const due = await s.schedules.claimDue(now + lookaheadMs, deps.tuning.scheduleBatch)
    if (due.length === 0) return { runs: [], skipped: [] }
    const checks = new Map((await s.checks.getMany(due.map((d) => d.check_id))).map((c) => [c.id, c]))
    const groups = await loadGroups(s, [...checks.values()])
    const needsPrivate = [...checks.values()].filter((c) => Array.isArray(c.doc.privateLocations) && c.doc.privateLocations.length > 0)
    const privates = await privateLocationsOf(s, [...new Set(needsPrivate.map((c) => c.accountId))])
    const jobs: RunJobRow[] = []
    const advances: Array<{ checkId: string; nextDueAt: number; rrIndex: number }> = []
    for (const row of due) {
      const check = checks.get(row.check_id)
      if (!check || check.checkType === 'HEARTBEAT' || check.doc.activated === false) {
        await s.schedules.remove(row.check_id)
        continue
      }
      const groupId = check.doc.groupId
      const doc = effectiveDoc(check.checkType, check.doc, typeof groupId === 'number' ? groups.get(groupId) : undefined)
      const schedule = { frequency: check.doc.frequency, frequencyOffset: check.doc.frequencyOffset ?? null, spreadKey: check.id }
      const next = nextDueAfterRun(schedule, Number(row.next_due_at), now)
      // A deactivated group or a type without a runner here: the schedule advances, nothing runs.
      if (doc.activated === false || !deps.runners[check.checkType]) {
        advances.push({ checkId: row.check_id, nextDueAt: next, rrIndex: row.rr_index })
        continue
      }
      const known = privates.get(check.accountId) ?? []
      const input = locationInput(doc, known)
      const usable = { ...input, privateLocations: input.privateLocations.filter((p) => !known.find((k) => k.id === p.id)?.unavailable) }
      // Only unavailable private locations: this run is skipped (not moved to the default location).
      if (usable.privateLocations.length < input.privateLocations.length && usable.locations.length + usable.privateLocations.length === 0) {
        advances.push({ checkId: row.check_id, nextDueAt: next, rrIndex: row.rr_index })
        continue
      }
      const choice = pickLocations(usable, row.rr_index, deps.defaultLocation)
      jobs.push(
        ...firstAttemptJobs({
          accountId: check.accountId,
          checkId: check.id,
          checkType: check.checkType,
          targets: choice.targets,
          scheduledAt: Number(row.next_due_at),
          now,
          trigger: SCHEDULER_TRIGGER,
          sessionId: null,
          // Not started by the check's next slot, the run is skipped instead of run late (stale-slots.ts).
          expiresAt: staleFrom({ trigger: SCHEDULER_TRIGGER, attempt: 1 }, next),
        }),
      )
      advances.push({ checkId: row.check_id, nextDueAt: next, rrIndex: choice.nextIndex })
    }
    await s.schedules.advanceMany(advances, now)
    const withQueued = new Set(due.filter((d) => d.has_queued_run).map((d) => d.check_id))
    const skipped = await queueScheduledRuns(s, jobs, withQueued, now, deps.runLocations ?? null)
    const runs = jobs.map((j): ScheduledRun => ({
      location: j.location,
      privateLocation: j.private_location_id !== null,
      checkType: j.check_type ?? 'UNKNOWN',
      dueAt: j.due_at,
    }))
    return { runs, skipped }
  })
  // Counted once committed: a transaction that failed created and skipped nothing.
  if (deps.metrics) {
    for (const run of created.runs) deps.metrics.runDue({ location: run.location, privateLocation: run.privateLocation, checkType: run.checkType })
    for (const j of created.skipped) deps.metrics.runSkipped?.({ location: j.location, privateLocation: false })
  }
  return created.runs
}
