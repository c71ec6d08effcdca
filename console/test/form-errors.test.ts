import { describe, expect, it } from 'vitest'
import { errorFor, type FieldErrors } from '../src/ui/form'
import { draftProblems, offsetHint, offsetProblem, responseTimeProblems } from '../src/pages/check-form/rules'
import { frequencyOffsetProblem } from '../../src/domain/checks/frequency'
import { validateResponseTimes } from '../../src/domain/checks/response-time-rules'
import { apiCheck } from '../../src/domain/checks/api'
import { FieldErrorCollector } from '../../src/domain/errors'

const ERRORS: FieldErrors = {
  name: 'is required',
  'request.url': 'must be a URL',
  'request.assertions[0].target': 'is required',
  'alertSettings.reminders.amount': 'must be at most 5',
}

describe('errorFor', () => {
  it.each<[string, FieldErrors, string, string | undefined]>([
    ['the exact path', ERRORS, 'name', 'is required'],
    ['an exact nested path', ERRORS, 'request.url', 'must be a URL'],
    ['a path inside it, named', ERRORS, 'request', 'request.url: must be a URL'],
    ['an indexed path inside it', ERRORS, 'request.assertions', 'request.assertions[0].target: is required'],
    ['a deeper path inside it', ERRORS, 'alertSettings', 'alertSettings.reminders.amount: must be at most 5'],
    ['the exact path before a path inside it', { request: 'is invalid', 'request.url': 'must be a URL' }, 'request', 'is invalid'],
    ['none for a path without errors', ERRORS, 'locations', undefined],
    ['none for a mere prefix of a key', ERRORS, 'na', undefined],
    ['none for a key that only starts like the path', { requestTimeout: 'too long' }, 'request', undefined],
    ['none for a path below the one with the error', ERRORS, 'request.url.host', undefined],
    ['none without errors', {}, 'name', undefined],
  ])('%s', (_name, errors, path, message) => {
    expect(errorFor(errors, path)).toBe(message)
  })
})

describe("the form's own checks speak the API's words", () => {
  it.each<[number, number]>([
    [1, 11],
    [5, 51],
    [10, 0],
    [10, 101],
    [60, 601],
    [120, 3],
    [1440, 25],
    [10, 2.5],
  ])('frequency %i, offset %s: the same sentence as the API', (frequency, offset) => {
    const api = frequencyOffsetProblem(frequency, offset)
    expect(api).not.toBeNull()
    expect(offsetProblem(frequency, offset)).toBe(api)
  })

  it.each<[number, number]>([
    [1, 10],
    [5, 50],
    [10, 1],
    [60, 600],
    [120, 2],
    [1440, 24],
  ])('frequency %i, offset %i: fine for both', (frequency, offset) => {
    expect(frequencyOffsetProblem(frequency, offset)).toBeNull()
    expect(offsetProblem(frequency, offset)).toBeNull()
  })

  it.each<[number, string]>([
    [5, 'from 1 to 50 when the check runs every 5 minutes'],
    [10, 'from 1 to 100 when the check runs every 10 minutes'],
    [60, 'from 1 to 600 when the check runs every hour'],
    [120, 'from 1 to 2 when the check runs every 2 hours'],
  ])('the offset hint at frequency %i says %s', (frequency, words) => {
    expect(offsetHint(frequency)).toContain(words)
    expect(offsetHint(frequency)).not.toMatch(/floor|ceil|\*/)
  })

  it.each<[number, number]>([
    [5000, 1000],
    [1000, 1000],
  ])('degraded %i and max %i: both fields named, in the same sentences', (degraded, max) => {
    const collector = new FieldErrorCollector()
    validateResponseTimes({ degradedResponseTime: degraded, maxResponseTime: max }, apiCheck.fields, collector)
    expect(Object.keys(collector.fields).sort()).toEqual(['degradedResponseTime', 'maxResponseTime'])
    expect(responseTimeProblems(degraded, max)).toEqual(collector.fields)
  })

  it('finds nothing wrong in a consistent draft', () => {
    expect(draftProblems({ frequency: 5, frequencyOffset: 50, degradedResponseTime: 1000, maxResponseTime: 2000 })).toEqual({})
    expect(draftProblems({ frequency: 5, frequencyOffset: 51, degradedResponseTime: 2000, maxResponseTime: 2000 })).toEqual({
      frequencyOffset: 'must be from 1 to 50 when the check runs every 5 minutes',
      ...responseTimeProblems(2000, 2000),
    })
  })
})
