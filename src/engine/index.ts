/**
 * The engine of one instance: a scheduler loop, a worker loop, a writer loop and a lease reaper. Any number of
 * instances may run against one PostgreSQL database; with SQLite the single process does all of it.
 */
import type { EngineDeps } from './engine-deps.js'
import { scheduleDue } from './scheduler.js'
import { createWorker, laneOf, type Lane } from './worker.js'
import { startLoop, type Loop } from './loop.js'
import { laneWait, schedulerSleep, workerSleep } from './pacing.js'
import { skipAllStale } from './stale-runs.js'

/** How long outcomes gather before they are written together. */
const WRITER_BATCH_MS = 50
/**
 * How often the worker asks whether the session runs it executes were cancelled (by this or another instance):
 * a cancel stops a run within about this long. Only asked while session runs are in flight.
 */
export const CANCEL_POLL_MS = 1_000
/** How often stale scheduled runs are taken out of the queue and recorded as skipped. */
const STALE_PASS_MS = 1_000

export interface Engine {
  stop(): Promise<void>
  /** One full pass without timers (tests on a fake clock): schedule, reap, run, wait, write. */
  runOnce(): Promise<{ scheduled: number; started: number; written: number; reaped: number; skipped: number }>
}

export function startEngine(deps: EngineDeps, options: { loops?: boolean } = {}): Engine {
  const loops: Loop[] = []
  const stalePlace = { privateLocationId: null, locations: deps.runLocations ?? null }
  const laneLoops: Partial<Record<Lane, Loop>> = {}
  let writerLoop: Loop | undefined
  const pacing = deps.tuning.pacing
  /**
   * Due times of the jobs this instance queued for later (runs its scheduler claimed ahead of their slot, retries
   * waiting out their backoff), by lane: a lane's pass that finds nothing yet sleeps only until the next of them
   * (see laneWait), not for its idle poll.
   */
  const pendingDue: Record<Lane, number[]> = { default: [], browser: [] }
  const worker = createWorker(deps, {
    // A run ended while its lane's last lease took all the room it had (more may be queued): lease again soon.
    onRoomFreed: (lane) => laneLoops[lane]?.wake(pacing.workerBusyMs),
    // Outcomes are written in batches: the first one of a batch starts the writer's short wait.
    onOutcome: () => writerLoop?.wake(WRITER_BATCH_MS),
    // A retry is due when its backoff ends: its lane looks then instead of at its next idle poll.
    onRetryQueued: (lane, dueAt) => {
      pendingDue[lane].push(dueAt)
      laneLoops[lane]?.wake(Math.max(0, dueAt - deps.clock.now()))
    },
  })
  const unlisten = deps.bell?.listen('runs-queued', () => {
    for (const loop of Object.values(laneLoops)) loop.wake()
  })
  let cancelLoop: Loop | undefined
  const unlistenCancels = deps.bell?.listen('runs-cancelled', () => cancelLoop?.wake())
  let stopped = false

  if (options.loops !== false) {
    const start = (name: string, everyMs: number, work: () => Promise<number | void>) => {
      const loop = startLoop(name, everyMs, work, deps.log)
      loops.push(loop)
      return loop
    }
    // The earliest due time seen at the end of the last pass: a wake before it (the idle maximum) only reads it again.
    let knownEarliest: number | null | undefined
    const notYet = (earliest: number | null) => earliest === null || earliest > deps.clock.now()
    start('scheduler', pacing.schedulerMaxMs, async () => {
      if (knownEarliest !== undefined && notYet(knownEarliest)) {
        knownEarliest = await deps.stores.schedules.earliestDue()
        if (notYet(knownEarliest)) return schedulerSleep(deps.clock.now(), knownEarliest, pacing)
      }
      for (;;) {
        const created = await scheduleDue(deps, pacing.schedulerLookaheadMs)
        // The lanes of the runs just queued lease them when they are due instead of at their next poll.
        const now = deps.clock.now()
        for (const run of created) {
          if (run.privateLocation) continue // leased by agents
          const lane = laneOf(run.checkType, deps.tuning.browserLane)
          pendingDue[lane].push(run.dueAt)
          laneLoops[lane]?.wake(Math.max(0, run.dueAt - now))
        }
        if (created.length < deps.tuning.scheduleBatch || stopped) break // else keep claiming while a full batch came back
      }
      knownEarliest = await deps.stores.schedules.earliestDue()
      return schedulerSleep(deps.clock.now(), knownEarliest, pacing)
    })
    for (const lane of ['default', 'browser'] as const) {
      let wait = pacing.workerBusyMs
      laneLoops[lane] = start(`worker-${lane}`, pacing.workerBusyMs, async () => {
        // Fill the free slots; a lane with no room starts nothing, and a finished run wakes it (onRoomFreed).
        const leasedAt = deps.clock.now()
        let r = await worker.pumpLane(lane)
        while (r.started > 0 && r.more && !stopped) r = await worker.pumpLane(lane)
        wait = workerSleep(wait, r.started > 0 && r.more, pacing)
        const next = laneWait(deps.clock.now(), wait, pendingDue[lane], leasedAt)
        pendingDue[lane] = next.pending
        return next.waitMs
      })
    }
    // Nothing to write: the writer sleeps until an outcome wakes it (the interval is only a safety net).
    writerLoop = start('writer', 10_000, () => worker.flush().then(() => undefined))
    start('reaper', 5_000, () => deps.stores.jobs.reapExpired(deps.clock.now()).then(() => undefined))
    // Stale scheduled runs of the locations this instance serves leave the queue as skipped (stale-runs.ts).
    start('stale-runs', STALE_PASS_MS, () => skipAllStale(deps, stalePlace, () => stopped).then(() => undefined))
    cancelLoop = start('cancellations', CANCEL_POLL_MS, () => worker.abortCancelled().then(() => undefined))
    for (const work of deps.periodic ?? []) start(work.name, work.everyMs, work.run)
  }

  return {
    async stop() {
      stopped = true
      unlisten?.()
      unlistenCancels?.()
      const passes = loops.map((loop) => loop.stop())
      // A browser run may take minutes: stop it, and let it run again after the restart (or on another instance).
      worker.cancelRuns()
      // Passes in progress (a lease, a batch of notifications) end before the store closes; then the runs they started.
      await Promise.all(passes)
      await worker.drain()
    },
    async runOnce() {
      const reaped = await deps.stores.jobs.reapExpired(deps.clock.now())
      const skipped = await skipAllStale(deps, stalePlace)
      const scheduled = (await scheduleDue(deps)).length
      let started = 0
      // Run every due job: when a lane is full, wait for one of its runs to end and lease again.
      for (;;) {
        const n = await worker.pump()
        started += n
        if (n > 0) continue
        if (worker.inFlight() === 0) break
        await worker.settleOne()
      }
      await worker.drain()
      return { scheduled, started, written: started, reaped, skipped }
    },
  }
}
