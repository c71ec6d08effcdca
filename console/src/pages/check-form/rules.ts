/**
 * The rules the form checks while a person types, in the API's own words (src/domain/checks/frequency.ts and
 * response-time-rules.ts; console/test/form-errors.test.ts holds them to the same sentences), so a hint, the
 * sentence under a field and the API's 400 never disagree.
 */
import type { FieldErrors } from '../../ui/form'
import { num, type Doc } from './draft-path'

/** How often a check runs, in words: "minute", "5 minutes", "hour", "2 hours". */
export const everyMinutes = (frequency: number): string =>
  frequency === 1 ? 'minute' : frequency % 60 === 0 ? `${frequency / 60 === 1 ? '' : `${frequency / 60} `}hour${frequency === 60 ? '' : 's'}` : `${frequency} minutes`

/** The range the API accepts for frequencyOffset at a frequency (units of 6 s up to 60 minutes, of an hour above). */
export const offsetRange = (frequency: number): { min: number; max: number } =>
  frequency <= 60 ? { min: 1, max: Math.floor(frequency * 10) } : { min: 1, max: Math.ceil(frequency / 60) }

/** The offset's hint: its range for the chosen frequency and what one step means. */
export function offsetHint(frequency: number): string {
  const { min, max } = offsetRange(frequency)
  const step = frequency <= 60 ? '6 seconds' : 'one hour'
  return `Optional: from ${min} to ${max} when the check runs every ${everyMinutes(frequency)}. Each step starts the runs ${step} later; left empty, Picket spreads them for you.`
}

export function offsetProblem(frequency: number, offset: number | null): string | null {
  if (offset === null || frequency === 0) return null
  const { min, max } = offsetRange(frequency)
  return Number.isInteger(offset) && offset >= min && offset <= max ? null : `must be from ${min} to ${max} when the check runs every ${everyMinutes(frequency)}`
}

export function responseTimeProblems(degraded: number | null, max: number | null): FieldErrors {
  if (degraded === null || max === null || degraded < max) return {}
  return {
    degradedResponseTime: `must be below maxResponseTime (${max} ms): a response is degraded before it fails`,
    maxResponseTime: `must be above degradedResponseTime (${degraded} ms)`,
  }
}

/** What the form itself finds wrong in a draft, by field, before the API is asked. */
export function draftProblems(draft: Doc): FieldErrors {
  const problems: FieldErrors = { ...responseTimeProblems(num(draft, 'degradedResponseTime'), num(draft, 'maxResponseTime')) }
  const offset = offsetProblem(num(draft, 'frequency') ?? 10, num(draft, 'frequencyOffset'))
  if (offset) problems.frequencyOffset = offset
  return problems
}
