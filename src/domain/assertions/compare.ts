/**
 * The comparisons of assertions (EQUALS, CONTAINS, LESS_THAN …), applied to one value. Numeric comparisons compare numbers when both
 * sides parse as numbers; everything else compares text. Pure.
 */

export interface ComparisonOutcome {
  passed: boolean
  error?: string
}

/** A finite number from a number or a numeric string, else null. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim())
    return Number.isFinite(n) ? n : null
  }
  return null
}

/** Text form of a value: strings as is, missing as '', structures as JSON. */
export function asText(value: unknown): string {
  if (value === undefined) return ''
  if (value === null) return 'null'
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (isRecord(v) && Object.keys(v).length === 0)

const equals = (actual: unknown, target: string): boolean => {
  const a = asNumber(actual)
  const t = asNumber(target)
  if (a !== null && t !== null) return a === t
  return asText(actual) === target
}

const contains = (actual: unknown, target: string): boolean => (Array.isArray(actual) ? actual.some((item) => equals(item, target)) : asText(actual).includes(target))

const hasKey = (actual: unknown, key: string): boolean => {
  if (isRecord(actual)) return Object.prototype.hasOwnProperty.call(actual, key)
  if (Array.isArray(actual)) return /^\d+$/.test(key) && Number(key) < actual.length
  return false
}

const hasValue = (actual: unknown, target: string): boolean => {
  if (isRecord(actual)) return Object.values(actual).some((v) => equals(v, target))
  if (Array.isArray(actual)) return actual.some((v) => equals(v, target))
  return equals(actual, target)
}

const numeric = (actual: unknown, target: string, test: (a: number, t: number) => boolean): ComparisonOutcome => {
  const a = asNumber(actual)
  const t = asNumber(target)
  if (t === null) return { passed: false, error: `target ${JSON.stringify(target)} is not a number` }
  if (a === null) return { passed: false, error: `value ${JSON.stringify(asText(actual))} is not a number` }
  return { passed: test(a, t) }
}

const ok = (passed: boolean): ComparisonOutcome => ({ passed })

/** Applies one comparison to one value. An unknown comparison fails with an error. */
export function compareValue(comparison: string, actual: unknown, target: string): ComparisonOutcome {
  switch (comparison) {
    case 'EQUALS':
      return ok(equals(actual, target))
    case 'NOT_EQUALS':
      return ok(!equals(actual, target))
    case 'HAS_KEY':
      return ok(hasKey(actual, target))
    case 'NOT_HAS_KEY':
      return ok(!hasKey(actual, target))
    case 'HAS_VALUE':
      return ok(hasValue(actual, target))
    case 'NOT_HAS_VALUE':
      return ok(!hasValue(actual, target))
    case 'IS_EMPTY':
      return ok(isEmpty(actual))
    case 'NOT_EMPTY':
      return ok(!isEmpty(actual))
    case 'GREATER_THAN':
      return numeric(actual, target, (a, t) => a > t)
    case 'LESS_THAN':
      return numeric(actual, target, (a, t) => a < t)
    case 'CONTAINS':
      return ok(contains(actual, target))
    case 'NOT_CONTAINS':
      return ok(!contains(actual, target))
    case 'IS_NULL':
      return ok(actual === null || actual === undefined)
    case 'NOT_NULL':
      return ok(actual !== null && actual !== undefined)
    default:
      return { passed: false, error: `unknown comparison ${comparison}` }
  }
}
