/** A heartbeat check's timer settings and ping token from its stored document, pure. */
import { HEARTBEAT_UNITS, toSeconds, type HeartbeatUnit } from '../checks/heartbeat.js'
import type { HeartbeatCheckDoc, HeartbeatSettings } from './contract.js'
import type { TimerSettings } from './timer.js'

const isUnit = (value: unknown): value is HeartbeatUnit => HEARTBEAT_UNITS.some((unit) => unit === value)

/**
 * The parts of the document's heartbeat settings, each as stored. The check's document is the checks' to type, so
 * each part is narrowed where it is used; a part that is missing reads as undefined.
 */
function storedParts(doc: HeartbeatCheckDoc): Partial<Record<keyof HeartbeatSettings, unknown>> {
  const h = doc.heartbeat
  if (h === null || typeof h !== 'object') return {}
  return Object.fromEntries(Object.entries(h))
}

/** Milliseconds of an amount of a unit; NaN (no valid duration) for an amount or unit of another kind. */
const msOf = (amount: unknown, unit: unknown): number => (isUnit(unit) ? Math.round(toSeconds(Number(amount), unit) * 1000) : NaN)

export function timerSettingsOf(doc: HeartbeatCheckDoc): TimerSettings {
  const h = storedParts(doc)
  return {
    activated: doc.activated !== false,
    periodMs: msOf(h.period, h.periodUnit),
    graceMs: msOf(h.grace ?? 0, h.graceUnit ?? 'seconds'),
  }
}

export const pingTokenOf = (doc: HeartbeatCheckDoc): string | null => {
  const token = storedParts(doc).pingToken
  return typeof token === 'string' ? token : null
}

/** "1h 10m", "45s", "2d": how long a period and grace are, for messages. */
export function describeDuration(ms: number): string {
  const units: Array<[string, number]> = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ]
  const parts: string[] = []
  let rest = Math.round(ms / 1000) * 1000
  for (const [label, size] of units) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${label}`)
      rest %= size
    }
  }
  return parts.length === 0 ? '0s' : parts.join(' ')
}
