/** A heartbeat check's timer settings from its stored document, pure. */
import { toSeconds, type HeartbeatUnit } from '../checks/heartbeat.js'
import type { TimerSettings } from './timer.js'

type Doc = Record<string, unknown>

export function timerSettingsOf(doc: Doc): TimerSettings {
  const h = (doc.heartbeat ?? {}) as Doc
  return {
    activated: doc.activated !== false,
    periodMs: Math.round(toSeconds(Number(h.period), h.periodUnit as HeartbeatUnit) * 1000),
    graceMs: Math.round(toSeconds(Number(h.grace ?? 0), (h.graceUnit ?? 'seconds') as HeartbeatUnit) * 1000),
  }
}

export const pingTokenOf = (doc: Doc): string | null => {
  const token = (doc.heartbeat as Doc | undefined)?.pingToken
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
