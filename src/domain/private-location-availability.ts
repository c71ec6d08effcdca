/**
 * When a private location becomes unavailable or available again (pure). A location is available while
 * some agent of it was seen within `unavailableAfterMs`. Only a location that had an agent can become unavailable:
 * one still waiting for its first agent is not alerted about, and neither is one whose agents were last seen
 * before its status was first recorded.
 */
export type Availability = 'AVAILABLE' | 'UNAVAILABLE'

/**
 * An agent counts as connected while it was seen within this long: twice its heartbeat interval, so an agent that
 * died stops counting within a minute (one that stops says goodbye and stops counting at once). Shorter than the
 * location's availability window, which decides alerts and scheduling and may be long to ride out a restart.
 */
export const AGENT_CONNECTED_MS = 60_000

/** The window in which an agent counts as connected: never longer than the location's availability window. */
export const connectedWindowMs = (unavailableAfterMs: number): number => Math.min(AGENT_CONNECTED_MS, unavailableAfterMs)

export interface AvailabilityChange {
  to: Availability
  /** What to tell the account: nothing for a location's first agent. */
  alert: 'UNAVAILABLE' | 'AVAILABLE' | null
}

export function availabilityChange(input: { status: Availability | null; lastSeen: number; now: number; unavailableAfterMs: number }): AvailabilityChange | null {
  const fresh = input.lastSeen > input.now - input.unavailableAfterMs
  if (input.status === null) return fresh ? { to: 'AVAILABLE', alert: null } : null
  if (input.status === 'AVAILABLE' && !fresh) return { to: 'UNAVAILABLE', alert: 'UNAVAILABLE' }
  if (input.status === 'UNAVAILABLE' && fresh) return { to: 'AVAILABLE', alert: 'AVAILABLE' }
  return null
}

/** "10 minutes", "90 seconds", "2 hours": how long is spelled in alerts. */
export function spellDuration(ms: number): string {
  const s = Math.round(ms / 1000)
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (s % 3600 === 0 && s >= 3600) return unit(s / 3600, 'hour')
  if (s % 60 === 0 && s >= 60) return unit(s / 60, 'minute')
  return unit(s, 'second')
}
