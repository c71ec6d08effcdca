/**
 * The abort signals of the runs a worker executes. Each run gets its own signal, aborted when the instance stops
 * or when the run's session cancels it. A cancellation is a row another instance may have written, so the worker
 * asks the store (poll) which of its session runs in flight were cancelled: one lookup by primary key, and none
 * while no session run executes. The runner stops at the abort (its requests closed, its sandbox killed).
 */
import type { RunJobRow } from '../store/run-rows.js'
import type { Stores } from '../store/all-stores.js'

export interface AbortableRun {
  /** The runner's signal. */
  signal: AbortSignal
  /** True once the run's session cancelled it (not merely the instance stopping). */
  cancelled(): boolean
  /** The run is over: stop following it. */
  end(): void
}

export interface RunAborts {
  start(job: Pick<RunJobRow, 'sequence_id' | 'session_id'>): AbortableRun
  /** Aborts the session runs in flight that were cancelled; returns how many. */
  poll(): Promise<number>
  /** Session runs in flight. */
  followed(): number
}

export function createRunAborts(stores: Pick<Stores, 'runCancellations'>, stopping: AbortSignal): RunAborts {
  /** Session runs in flight by run sequence (only a session's runs can be cancelled). */
  const sessionRuns = new Map<string, { controller: AbortController; cancelled: boolean }>()
  return {
    start(job) {
      const controller = new AbortController()
      const entry = { controller, cancelled: false }
      const onStop = () => controller.abort()
      if (stopping.aborted) controller.abort()
      else stopping.addEventListener('abort', onStop, { once: true })
      if (job.session_id !== null) sessionRuns.set(job.sequence_id, entry)
      return {
        signal: controller.signal,
        cancelled: () => entry.cancelled,
        end() {
          stopping.removeEventListener('abort', onStop)
          if (sessionRuns.get(job.sequence_id) === entry) sessionRuns.delete(job.sequence_id)
        },
      }
    },
    async poll() {
      if (sessionRuns.size === 0) return 0
      const cancelled = await stores.runCancellations.cancelledSequences([...sessionRuns.keys()])
      for (const sequenceId of cancelled) {
        const entry = sessionRuns.get(sequenceId)
        if (!entry) continue
        entry.cancelled = true
        entry.controller.abort()
        sessionRuns.delete(sequenceId)
      }
      return cancelled.length
    },
    followed: () => sessionRuns.size,
  }
}
