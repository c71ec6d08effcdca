/**
 * What follows the storing of FINAL results (engine writer, heartbeat pings and deadlines): each step gets every
 * batch, all steps run (one failing keeps none of the others from running), and the failures are thrown together.
 */
import type { CheckResultRow } from '../../store/run-rows.js'

export type FinalResultsStep = (rows: CheckResultRow[]) => Promise<unknown>

export function afterFinalResultsHook(steps: readonly FinalResultsStep[]): (rows: CheckResultRow[]) => Promise<void> {
  return async (rows) => {
    if (rows.length === 0) return
    const outcomes = await Promise.allSettled(steps.map((step) => step(rows)))
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []))
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} steps after storing final results failed`)
  }
}
