/** The periodic work each instance does besides running checks: every job here is safe with many instances. */
import type { PeriodicWork } from '../engine/engine-deps.js'
import type { Services } from '../services/index.js'

export function periodicWork(_services: Services): PeriodicWork[] {
  return []
}
