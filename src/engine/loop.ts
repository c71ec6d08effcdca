/**
 * A repeating piece of engine work with its own pacing: after each pass the work says how long to wait (or the
 * loop's fixed interval applies), and `wake()` runs it again at once (after the pass in progress, if any). Errors
 * are logged and the loop goes on.
 */
import type { EngineLog } from './engine-deps.js'

export interface Loop {
  /** Make the next pass start within `withinMs` (at once by default), sooner than its timer would. */
  wake(withinMs?: number): void
  /** No pass after this; resolves once the pass in progress, if any, has ended. */
  stop(): Promise<void>
}

/** `work` returns the wait before its next pass in ms, or nothing for `everyMs`. */
export function startLoop(name: string, everyMs: number, work: () => Promise<number | void>, log: EngineLog): Loop {
  let stopped = false
  let running: Promise<void> | null = null
  let wokenWhileRunning = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = 0

  const schedule = (ms: number) => {
    if (stopped) return
    timerAt = Date.now() + ms
    timer = setTimeout(() => {
      timer = undefined
      void pass()
    }, ms)
  }

  const pass = async () => {
    if (stopped) return
    wokenWhileRunning = false
    let wait = everyMs
    const work$ = Promise.resolve()
      .then(work)
      .then(
        (next) => {
          if (typeof next === 'number') wait = next
        },
        (err: unknown) => log.error({ err }, `engine ${name} failed`),
      )
    running = work$
    await work$
    running = null
    schedule(wokenWhileRunning ? 0 : wait)
  }

  void pass()
  return {
    wake(withinMs = 0) {
      if (stopped) return
      if (running) {
        wokenWhileRunning = true
        return
      }
      if (timer && timerAt <= Date.now() + withinMs) return // due soon enough already
      if (timer) clearTimeout(timer)
      timer = undefined
      if (withinMs <= 0) void pass()
      else schedule(withinMs)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
