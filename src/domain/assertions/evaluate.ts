/** Evaluates a check's assertions, top to bottom, against what a run observed. Pure. */
import { compareValue } from './compare.js'
import { extractSource, type AssertionSubject } from './sources.js'
import { boundForDisplay, type Assertion, type AssertionResult } from './types.js'

/** One assertion: every value the source yields must pass (JSONPath matches are ANDed). */
export function evaluateAssertion(subject: AssertionSubject, assertion: Assertion): AssertionResult {
  const extracted = extractSource(subject, assertion)
  if (!extracted.ok) {
    return { ...assertion, actual: boundForDisplay(extracted.actual), passed: false, error: extracted.error }
  }
  for (const value of extracted.values) {
    const outcome = compareValue(assertion.comparison, value, assertion.target)
    if (!outcome.passed) {
      const result: AssertionResult = { ...assertion, actual: boundForDisplay(extracted.actual), passed: false }
      if (outcome.error) result.error = outcome.error
      return result
    }
  }
  return { ...assertion, actual: boundForDisplay(extracted.actual), passed: true }
}

export function evaluateAssertions(subject: AssertionSubject, assertions: readonly Assertion[]): AssertionResult[] {
  return assertions.map((a) => evaluateAssertion(subject, a))
}

/** A one-line description of a failed assertion for error messages. */
export function describeFailure(r: AssertionResult): string {
  const what = [r.source, r.property, r.comparison, r.target === '' ? '' : JSON.stringify(r.target)].filter((s) => s !== '').join(' ')
  const actual = typeof r.actual === 'string' ? JSON.stringify(r.actual) : JSON.stringify(r.actual ?? null)
  return r.error ? `${what}: ${r.error}` : `${what} (actual: ${actual})`
}
