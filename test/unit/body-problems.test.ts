import { describe, expect, it } from 'vitest'
import { BodyProblems, mergeFieldErrors } from '../../src/domain/body-problems.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../src/domain/errors.js'

describe('mergeFieldErrors', () => {
  it.each<{ name: string; schema: FieldErrors; rules: FieldErrors; want: FieldErrors }>([
    {
      name: 'disjoint fields: all kept, schema first',
      schema: { name: 'is required' },
      rules: { 'request.url': 'must start with http' },
      want: { name: 'is required', 'request.url': 'must start with http' },
    },
    {
      name: 'same field: the schema reason wins',
      schema: { 'request.url': 'must be string' },
      rules: { 'request.url': 'must start with http' },
      want: { 'request.url': 'must be string' },
    },
    {
      name: 'rule inside a rejected field: dropped',
      schema: { request: 'must be object' },
      rules: { 'request.url': 'x', 'request.assertions[0].target': 'y' },
      want: { request: 'must be object' },
    },
    { name: 'rule around a rejected field: dropped', schema: { 'locations[0]': 'must be one of' }, rules: { locations: 'x' }, want: { 'locations[0]': 'must be one of' } },
    {
      name: 'a prefix that is not a parent: kept',
      schema: { request: 'must be object' },
      rules: { requestTimeout: 'x' },
      want: { request: 'must be object', requestTimeout: 'x' },
    },
  ])('$name', ({ schema, rules, want }) => {
    expect(mergeFieldErrors(schema, rules)).toEqual(want)
  })
})

describe('BodyProblems', () => {
  const crash = (): never => {
    throw new TypeError('cannot read properties of undefined')
  }

  it('collects reasons added to the collector and thrown as a ValidationError', async () => {
    const problems = new BodyProblems({ name: 'is required' })
    expect(problems.check((errors) => (errors.add('frequencyOffset', 'bad'), 'doc'))).toBe('doc')
    await problems.checkAsync(async () => {
      throw new ValidationError({ groupId: 'check group 9 does not exist' })
    })
    expect(() => problems.valid('doc')).toThrow(ValidationError)
    try {
      problems.valid('doc')
    } catch (err) {
      expect((err as ValidationError).fields).toEqual({ name: 'is required', frequencyOffset: 'bad', groupId: 'check group 9 does not exist' })
      expect((err as ValidationError).message).toBe('Invalid request body: "name" is required; "frequencyOffset" bad; "groupId" check group 9 does not exist')
    }
  })

  it('skips a rule that trips over a body whose schema failed, and only then', () => {
    expect(new BodyProblems({ request: 'must be object' }).check(crash)).toBeUndefined()
    expect(() => new BodyProblems().check(crash)).toThrow(TypeError)
  })

  it('lets other domain errors through', () => {
    expect(() =>
      new BodyProblems({ name: 'is required' }).check(() => {
        throw new NotFoundError('Check', 'x')
      }),
    ).toThrow(NotFoundError)
  })

  it('throwIfAny answers the 400 only when there is a problem', () => {
    expect(() => new BodyProblems().throwIfAny()).not.toThrow()
    expect(() => new BodyProblems({ name: 'is required' }).throwIfAny()).toThrow(ValidationError)
    const problems = new BodyProblems()
    problems.check((errors) => errors.add('endsAt', 'must be after startsAt'))
    expect(() => problems.throwIfAny()).toThrow('"endsAt" must be after startsAt')
  })

  it('gives back the value of a body without problems', () => {
    const problems = new BodyProblems()
    expect(problems.valid(problems.check(() => ({ name: 'ok' })))).toEqual({ name: 'ok' })
  })
})
