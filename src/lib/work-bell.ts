/**
 * In-process word that new work exists, so that the loops waiting for it start now instead of at their next poll
 * (an idle instance then polls seldom). Only a hint: other instances learn of the work by polling, and a ring for
 * work that a rolled-back transaction never stored costs one empty pass. `runs-cancelled`: a session cancelled runs,
 * so the runs of it in flight here are aborted now rather than at the next look for cancellations.
 */
export type WorkKind = 'runs-queued' | 'runs-cancelled'

export interface WorkBell {
  ring(kind: WorkKind): void
  /** Returns the function that stops listening. */
  listen(kind: WorkKind, listener: () => void): () => void
}

export function createWorkBell(): WorkBell {
  const listeners = new Map<WorkKind, Set<() => void>>()
  return {
    ring(kind) {
      for (const l of listeners.get(kind) ?? []) l()
    },
    listen(kind, listener) {
      const set = listeners.get(kind) ?? new Set()
      listeners.set(kind, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  }
}
