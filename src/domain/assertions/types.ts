/** Assertion shapes shared by every check type. Pure types and parsing, no I/O. */

/** A stored assertion: `{source, comparison, property, target, regex}` with defaults filled. */
export interface Assertion {
  source: string
  comparison: string
  property: string
  target: string
  regex: string | null
}

/** The outcome of one assertion; structurally the runner contract's AssertionOutcome. */
export interface AssertionResult extends Assertion {
  /** The value the assertion looked at (bounded for display). */
  actual: unknown
  passed: boolean
  /** Why it could not be evaluated (e.g. body is not JSON), when that is the reason it failed. */
  error?: string
}

/** Reads assertions from a stored document, tolerating missing fields (targets are kept as strings). */
export function parseAssertions(raw: unknown): Assertion[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
    .map((a) => ({
      source: String(a.source ?? ''),
      comparison: String(a.comparison ?? ''),
      property: typeof a.property === 'string' ? a.property : '',
      target: a.target === undefined || a.target === null ? '' : String(a.target),
      regex: typeof a.regex === 'string' && a.regex !== '' ? a.regex : null,
    }))
}

const MAX_DISPLAY = 1024

/** Bounds a value for storage in a result: long strings and large structures are cut. */
export function boundForDisplay(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_DISPLAY ? `${value.slice(0, MAX_DISPLAY)}…` : value
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value)
    if (json !== undefined && json.length > MAX_DISPLAY) return `${json.slice(0, MAX_DISPLAY)}…`
  }
  return value === undefined ? null : value
}
