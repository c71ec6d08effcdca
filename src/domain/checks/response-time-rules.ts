/**
 * degradedResponseTime and maxResponseTime of one check (pure): a response slower than the first is degraded and
 * one slower than the second fails, so the first must be below the second; otherwise "degraded" could never be
 * shown (or would be shown for a response that already failed). Both fields are named, since either may be the
 * one to change.
 */
import type { TSchema } from 'typebox'
import type { Doc, FieldSpec } from './check-type.js'
import type { FieldErrorCollector } from '../errors.js'

/** Whether a number is inside the range its field's schema (number or nullable number) allows. */
function inRange(spec: FieldSpec | undefined, value: number): boolean {
  const branches = ((spec?.schema as { anyOf?: TSchema[] } | undefined)?.anyOf ?? [spec?.schema]) as ({ minimum?: number; maximum?: number } | undefined)[]
  const range = branches.find((b) => b && ('minimum' in b || 'maximum' in b))
  return range === undefined || ((range.minimum ?? -Infinity) <= value && value <= (range.maximum ?? Infinity))
}

export function validateResponseTimes(doc: Doc, fields: Record<string, FieldSpec>, errors: FieldErrorCollector): void {
  const degraded = doc.degradedResponseTime
  const max = doc.maxResponseTime
  if (typeof degraded !== 'number' || typeof max !== 'number' || degraded < max) return
  // A value outside its own range is reported by the schema alone: comparing it with the other field adds nothing.
  if (!inRange(fields.degradedResponseTime, degraded) || !inRange(fields.maxResponseTime, max)) return
  errors.add('degradedResponseTime', `must be below maxResponseTime (${max} ms): a response is degraded before it fails`)
  errors.add('maxResponseTime', `must be above degradedResponseTime (${degraded} ms)`)
}
