/** Cross-field rules for assertions (pure): numeric sources, JSONPath and regex properties. */
import type { FieldErrorCollector } from '../errors.js'
import type { Doc } from './check-type.js'

const NUMERIC_SOURCES = new Set(['STATUS_CODE', 'RESPONSE_TIME', 'LATENCY', 'RESPONSE_CODE_NUMBER'])
const NUMERIC_COMPARISONS = new Set(['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'])
const NO_TARGET = new Set(['IS_EMPTY', 'NOT_EMPTY', 'IS_NULL', 'NOT_NULL', 'HAS_KEY', 'NOT_HAS_KEY'])
const JSONPATH_SOURCES = new Set(['JSON_BODY', 'JSON_ANSWER', 'JSON_RESPONSE'])
const REGEX_PROPERTY_SOURCES = new Set(['TEXT_BODY', 'TEXT_ANSWER'])
const LATENCY_PROPERTIES = new Set(['avg', 'min', 'max', 'stdDev'])

const regexProblem = (pattern: string): string | null => {
  try {
    new RegExp(pattern)
    return null
  } catch {
    return 'must be a valid regular expression'
  }
}

export function validateAssertions(assertions: unknown, path: string, errors: FieldErrorCollector): void {
  if (!Array.isArray(assertions)) return
  assertions.forEach((raw: Doc, i) => {
    const at = `${path}[${i}]`
    const source = String(raw.source)
    const comparison = String(raw.comparison)
    const property = typeof raw.property === 'string' ? raw.property : ''
    const target = raw.target === undefined || raw.target === null ? '' : String(raw.target)
    if (NUMERIC_SOURCES.has(source)) {
      if (!NUMERIC_COMPARISONS.has(comparison)) {
        errors.add(`${at}.comparison`, `must be EQUALS, NOT_EQUALS, LESS_THAN or GREATER_THAN for source ${source}`)
      } else if (target.trim() === '' || !Number.isFinite(Number(target))) {
        errors.add(`${at}.target`, `must be a number for source ${source}`)
      } else if (source === 'STATUS_CODE' && !Number.isInteger(Number(target))) {
        errors.add(`${at}.target`, 'must be a whole number for source STATUS_CODE')
      }
    }
    if (source === 'LATENCY' && property !== '' && !LATENCY_PROPERTIES.has(property)) {
      errors.add(`${at}.property`, 'must be avg, min, max or stdDev for source LATENCY')
    }
    if (JSONPATH_SOURCES.has(source) && property !== '' && !property.startsWith('$')) {
      errors.add(`${at}.property`, 'must be a JSONPath starting with $')
    }
    if (source === 'HEADERS' && property.trim() === '') errors.add(`${at}.property`, 'must name a header for source HEADERS')
    if (REGEX_PROPERTY_SOURCES.has(source) && property !== '') {
      const problem = regexProblem(property)
      if (problem) errors.add(`${at}.property`, problem)
    }
    if (typeof raw.regex === 'string' && raw.regex !== '') {
      const problem = regexProblem(raw.regex)
      if (problem) errors.add(`${at}.regex`, problem)
    }
    // Assertions arrive normalized (a missing target is stored as ''), so an empty target is a missing one.
    if (!NO_TARGET.has(comparison) && !NUMERIC_SOURCES.has(source) && target === '') {
      errors.add(`${at}.target`, `is required for comparison ${comparison}`)
    }
  })
}

/** Stored shape of an assertion: defaults filled, target as a string. */
export const normalizeAssertion = (a: Doc): Doc => ({
  source: a.source,
  comparison: a.comparison,
  property: a.property ?? '',
  target: a.target === undefined || a.target === null ? '' : String(a.target),
  regex: a.regex ?? null,
})
