/** Secret environment variables of checks and groups: hidden in responses, kept on update. */
import { describe, expect, it } from 'vitest'
import { FieldErrorCollector } from '../../src/domain/errors.js'
import { SECRET_VALUE_MASK, hideSecretValues, resolveEnvironmentVariables, type SecretPlaceholder } from '../../src/domain/secrets/env-var-secrets.js'

type Doc = Record<string, unknown>

const plain = (key: string, value: string, locked = false) => ({ key, value, locked, secret: false })
const secret = (key: string, value: unknown, locked = false) => ({ key, value, locked, secret: true })

describe('hideSecretValues', () => {
  const cases: Array<[string, Doc, SecretPlaceholder, Doc]> = [
    ['no list', { name: 'x' }, null, { name: 'x' }],
    ['a null list', { environmentVariables: null }, null, { environmentVariables: null }],
    ['only plain entries', { environmentVariables: [plain('A', 'a')] }, null, { environmentVariables: [plain('A', 'a')] }],
    [
      'a secret among plain entries, as null',
      { name: 'x', environmentVariables: [plain('A', 'a'), secret('S', 'hidden', true)] },
      null,
      { name: 'x', environmentVariables: [plain('A', 'a'), secret('S', null, true)] },
    ],
    [
      'secrets as the mask',
      { environmentVariables: [secret('S', 'hidden'), secret('T', '')] },
      SECRET_VALUE_MASK,
      { environmentVariables: [secret('S', '*****'), secret('T', '*****')] },
    ],
    ['a malformed entry left alone', { environmentVariables: [null, 'A=1', secret('S', 'hidden')] }, null, { environmentVariables: [null, 'A=1', secret('S', null)] }],
    [
      'secret given as a string is not secret',
      { environmentVariables: [{ key: 'A', value: 'a', secret: 'true' }] },
      null,
      { environmentVariables: [{ key: 'A', value: 'a', secret: 'true' }] },
    ],
  ]
  it.each(cases)('%s', (_name, doc, placeholder, expected) => {
    const before = structuredClone(doc)
    expect(hideSecretValues(doc, placeholder)).toEqual(expected)
    expect(doc).toEqual(before)
  })
})

describe('resolveEnvironmentVariables', () => {
  const stored = [plain('PLAIN', 'stored-plain', true), secret('SECRET', 'stored-secret'), secret('OTHER', 'other-secret')]
  const cases: Array<[string, unknown, unknown, unknown, Record<string, string>]> = [
    // [name, given, stored, expected, errors]
    ['defaults on create', [{ key: 'A', value: 'a' }], undefined, [plain('A', 'a')], {}],
    ['a secret on create', [{ key: 'S', value: 's', secret: true, locked: true }], undefined, [secret('S', 's', true)], {}],
    ['no value on create', [{ key: 'A' }], undefined, [{ key: 'A', value: undefined, locked: false, secret: false }], { 'environmentVariables[0].value': 'is required' }],
    ['a secret with null on create', [{ key: 'S', value: null, secret: true }], undefined, [secret('S', null)], { 'environmentVariables[0].value': 'is required' }],
    ['the mask on create is a value', [{ key: 'S', value: '*****', secret: true }], undefined, [secret('S', '*****')], {}],
    ['a secret sent back with null keeps its value', [{ key: 'SECRET', value: null, secret: true }], stored, [secret('SECRET', 'stored-secret')], {}],
    ['a secret sent back with the mask keeps its value', [{ key: 'SECRET', value: '*****', secret: true }], stored, [secret('SECRET', 'stored-secret')], {}],
    ['a secret sent back without value or secret keeps both', [{ key: 'SECRET' }], stored, [secret('SECRET', 'stored-secret')], {}],
    ['a secret given a new value takes it', [{ key: 'SECRET', value: 'new', secret: true }], stored, [secret('SECRET', 'new')], {}],
    ['secret left out stays true', [{ key: 'SECRET', value: 'new' }], stored, [secret('SECRET', 'new')], {}],
    ['an empty string is a new value', [{ key: 'SECRET', value: '' }], stored, [secret('SECRET', '')], {}],
    [
      'secret cannot be turned off',
      [plain('PLAIN', 'p'), { key: 'SECRET', value: 'x', secret: false }],
      stored,
      [plain('PLAIN', 'p'), secret('SECRET', 'x')],
      { 'environmentVariables[1].secret': 'cannot be turned off once a variable is secret' },
    ],
    ['entries left out are gone', [{ key: 'OTHER', value: null }], stored, [secret('OTHER', 'other-secret')], {}],
    ['an empty list empties', [], stored, [], {}],
    ['a plain entry becoming secret keeps its value', [{ key: 'PLAIN', secret: true }], stored, [secret('PLAIN', 'stored-plain')], {}],
    [
      'a plain entry needs a value',
      [{ key: 'PLAIN', value: null }],
      stored,
      [{ key: 'PLAIN', value: null, locked: false, secret: false }],
      { 'environmentVariables[0].value': 'is required' },
    ],
    ['the mask is a plain value for a plain entry', [{ key: 'PLAIN', value: '*****' }], stored, [plain('PLAIN', '*****')], {}],
    ['a new secret key needs a value', [{ key: 'NEW', value: null, secret: true }], stored, [secret('NEW', null)], { 'environmentVariables[0].value': 'is required' }],
    ['keys are case-sensitive', [{ key: 'secret', value: null, secret: true }], stored, [secret('secret', null)], { 'environmentVariables[0].value': 'is required' }],
    ['the first stored entry of a key wins', [{ key: 'D', value: null }], [secret('D', 'first'), secret('D', 'second')], [secret('D', 'first')], {}],
    ['a malformed list is passed on', 'A=1', stored, 'A=1', {}],
    ['a malformed entry is passed on', [null, 5], stored, [null, 5], {}],
  ]
  it.each(cases)('%s', (_name, given, before, expected, errors) => {
    const collector = new FieldErrorCollector()
    expect(resolveEnvironmentVariables(given, before, collector)).toEqual(expected)
    expect(collector.fields).toEqual(errors)
  })

  it('names the field it is given', () => {
    const collector = new FieldErrorCollector()
    resolveEnvironmentVariables([{ key: 'A' }], undefined, collector, 'group.environmentVariables')
    expect(collector.fields).toEqual({ 'group.environmentVariables[0].value': 'is required' })
  })
})
