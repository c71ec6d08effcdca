/**
 * The metric values of one run (pure): what a result contributes to analytics, keyed by timing base. Stored with
 * the result (check_results.metrics) so that roll-ups and raw-point queries never parse the result document.
 */
import { timingBasesOf } from './catalogue.js'

export interface RunMetricsInput {
  checkType: string
  responseTime: number
  timingPhases: Record<string, number>
  details: Record<string, unknown>
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined)

/** Where a base's value comes from when it is not the timing phase of the same name. */
function valueOf(input: RunMetricsInput, base: string): number | undefined {
  switch (base) {
    case 'responseTime':
      return finite(input.responseTime)
    case 'total':
      return finite(input.timingPhases.total) ?? finite(input.responseTime)
    case 'packetLoss':
      return finite(input.details.packetLoss)
    // The one figure that is rightly below zero: a certificate that expired days ago.
    case 'daysUntilExpiry': {
      const days = input.details.daysUntilExpiry
      return typeof days === 'number' && Number.isFinite(days) ? days : undefined
    }
    // An agentic run lists its steps; the count is the figure.
    case 'steps':
      return Array.isArray(input.details.steps) ? input.details.steps.length : finite(input.details.steps)
    // The model's use by an agentic run is kept under details.usage.
    case 'modelTurns':
    case 'totalTokens':
      return finite((input.details.usage as Record<string, unknown> | undefined)?.[base])
    default: {
      const phase = finite(input.timingPhases[base])
      if (phase !== undefined) return phase
      const vitals = input.details.webVitals as Record<string, unknown> | undefined
      return finite(vitals?.[base]) ?? finite(input.details[base])
    }
  }
}

/** The run's value of every timing base of its type that it measured (absent ones are left out, never 0). */
export function extractRunMetrics(input: RunMetricsInput): Record<string, number> {
  const out: Record<string, number> = {}
  for (const base of timingBasesOf(input.checkType)) {
    const v = valueOf(input, base.name)
    if (v !== undefined) out[base.name] = Math.round(v * 1000) / 1000
  }
  return out
}
