/**
 * The engine of one instance: a scheduler loop, a worker loop, a writer loop and a lease reaper. Any number of
 * instances may run against one PostgreSQL database; with SQLite the single process does all of it.
 */
import type { EngineDeps } from './engine-deps.js'
import { scheduleDue } from './scheduler.js'
import { createWorker } from './worker.js'

export interface Engine {
  stop(): Promise<void>
  /** One full pass without timers (tests on a fake clock): schedule, reap, run, wait, write. */
  runOnce(): Promise<{ scheduled: number; started: number; written: number; reaped: number }>
}

export function startEngine(deps: EngineDeps, options: { loops?: boolean } = {}): Engine {
  const worker = createWorker(deps)
  let stopped = false
  const timers = new Set<NodeJS.Timeout>()

  const loop = (name: string, everyMs: number, work: () => Promise<unknown>) => {
    const tick = async () => {
      if (stopped) return
      try {
        await work()
      } catch (err) {
        deps.log.error({ err }, `engine ${name} failed`)
      }
      if (!stopped) {
        const t = setTimeout(() => {
          timers.delete(t)
          void tick()
        }, everyMs)
        timers.add(t)
      }
    }
    void tick()
  }

  if (options.loops !== false) {
    loop('scheduler', deps.tuning.tickMs, async () => {
      while ((await scheduleDue(deps)) >= deps.tuning.scheduleBatch && !stopped) {
        /* keep claiming while a full batch came back */
      }
    })
    loop('worker', 20, async () => {
      while ((await worker.pump()) > 0 && !stopped) {
        /* fill the free slots */
      }
    })
    loop('writer', 50, () => worker.flush())
    loop('reaper', 5_000, () => deps.stores.jobs.reapExpired(deps.clock.now()))
    for (const work of deps.periodic ?? []) loop(work.name, work.everyMs, work.run)
  }

  return {
    async stop() {
      stopped = true
      for (const t of timers) clearTimeout(t)
      // A browser run may take minutes: stop it, and let it run again after the restart (or on another instance).
      worker.cancelRuns()
      await worker.drain()
    },
    async runOnce() {
      const reaped = await deps.stores.jobs.reapExpired(deps.clock.now())
      const scheduled = await scheduleDue(deps)
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
      return { scheduled, started, written: started, reaped }
    },
  }
}
