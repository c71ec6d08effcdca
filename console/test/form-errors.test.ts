import { describe, expect, it } from 'vitest'
import { errorFor, type FieldErrors } from '../src/ui/form'

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
