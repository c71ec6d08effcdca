/** Incident bookkeeping: update order, last status, resolve time and duration, pure. */
import type { IncidentStatus } from './enums.js'
import type { IncidentUpdateChangeBody, IncidentUpdateCreateBody, IncidentUpdateDoc } from './incident-schemas.js'

export type { IncidentDoc, IncidentServiceRef, IncidentUpdateDoc } from './incident-schemas.js'

/** Allowed clock skew for publicIncidentUpdateDate. */
export const FUTURE_SKEW_MS = 60_000

/** Parses a publicIncidentUpdateDate; a reason when it is not acceptable. */
export function parseUpdateDate(value: unknown, now: number): { ms: number } | { error: string } {
  if (value === undefined) return { ms: now }
  const ms = Date.parse(String(value))
  if (Number.isNaN(ms)) return { error: 'must be an ISO 8601 date-time' }
  if (ms > now + FUTURE_SKEW_MS) return { error: 'must not be in the future' }
  return { ms }
}

/** A new update document; notification is pending only when asked for on the first post. */
export function newUpdateDoc(incidentId: string, body: IncidentUpdateCreateBody, publicDate: number, position: number): IncidentUpdateDoc {
  const notify = body.notifySubscribers === true
  return {
    incidentId,
    description: body.description,
    status: body.status,
    publicIncidentUpdateDate: publicDate,
    notifySubscribers: notify,
    notified: notify ? false : null,
    position,
  }
}

/** An update changed by PUT: notification is not re-sent (e-mail only when an update is first posted). */
export function changedUpdateDoc(previous: IncidentUpdateDoc, body: IncidentUpdateChangeBody, publicDate: number | undefined): IncidentUpdateDoc {
  return {
    ...previous,
    description: body.description ?? previous.description,
    status: body.status ?? previous.status,
    publicIncidentUpdateDate: publicDate ?? previous.publicIncidentUpdateDate,
    notifySubscribers: typeof body.notifySubscribers === 'boolean' ? body.notifySubscribers : previous.notifySubscribers,
  }
}

type Ordered = { doc: IncidentUpdateDoc }

/** Oldest first by public date, then by posting order. */
export const orderUpdates = <T extends Ordered>(updates: readonly T[]): T[] =>
  [...updates].sort((a, b) => a.doc.publicIncidentUpdateDate - b.doc.publicIncidentUpdateDate || a.doc.position - b.doc.position)

export const nextPosition = (updates: readonly Ordered[]): number => Math.max(0, ...updates.map((u) => u.doc.position)) + 1

export interface IncidentSummary {
  lastUpdateStatus: IncidentStatus
  /** When the incident was (finally) resolved, epoch ms; null while open. */
  resolvedAt: number | null
  /** Seconds from the first update to the first resolve, or to the final resolve if it was reopened; null while open. */
  duration: number | null
}

/** Summary of an incident from its updates in order (at least one). */
export function summarize(ordered: readonly IncidentUpdateDoc[]): IncidentSummary {
  const first = ordered[0]
  const last = ordered[ordered.length - 1]
  if (!first || !last) return { lastUpdateStatus: 'INVESTIGATING', resolvedAt: null, duration: null }
  if (last.status !== 'RESOLVED') return { lastUpdateStatus: last.status, resolvedAt: null, duration: null }
  // The final resolve is the first RESOLVED update after the last update that was not RESOLVED.
  let i = ordered.length - 1
  while (i > 0 && ordered[i - 1]?.status === 'RESOLVED') i--
  const resolvedAt = ordered[i]?.publicIncidentUpdateDate ?? last.publicIncidentUpdateDate
  return { lastUpdateStatus: 'RESOLVED', resolvedAt, duration: Math.max(0, Math.round((resolvedAt - first.publicIncidentUpdateDate) / 1000)) }
}
