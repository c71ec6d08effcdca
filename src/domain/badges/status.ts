/** The status a badge shows for a group of checks. */
import type { BadgeStatus } from './svg.js'

/** Failing if any check fails, else degraded if any is, else passing; pending when none has a result yet. */
export function aggregateStatus(statuses: readonly BadgeStatus[]): BadgeStatus {
  const ran = statuses.filter((s) => s !== 'pending')
  if (ran.length === 0) return 'pending'
  if (ran.includes('failing')) return 'failing'
  return ran.includes('degraded') ? 'degraded' : 'passing'
}
