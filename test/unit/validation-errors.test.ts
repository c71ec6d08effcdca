import { describe, expect, it } from 'vitest'
import type { ErrorObject } from 'ajv'
import { fieldErrors, fieldPath } from '../../src/api/validation.js'

const err = (instancePath: string, keyword: string, params: Record<string, unknown>, message = 'bad'): ErrorObject =>
  ({ instancePath, keyword, params, message, schemaPath: '' }) as ErrorObject

describe('schema errors become field attributes', () => {
  it('names nested fields with dots and indexes', () => {
    expect(fieldPath('/request/assertions/0/source')).toBe('request.assertions[0].source')
    expect(fieldPath('', 'name')).toBe('name')
    expect(fieldPath('/heartbeat', 'period')).toBe('heartbeat.period')
  })

  it('reports required properties under their own name', () => {
    expect(fieldErrors([err('', 'required', { missingProperty: 'name' })])).toEqual({ name: 'is required' })
  })

  it('hides the null branch of nullable fields', () => {
    const errors = [err('/description', 'maxLength', { limit: 500 }), err('/description', 'type', { type: 'null' }), err('/description', 'anyOf', {})]
    expect(fieldErrors(errors)).toEqual({ description: 'must be at most 500 characters long' })
  })

  it('reports only the inner field when a nullable array holds a bad item', () => {
    const errors = [err('/locations/0', 'enum', { allowedValues: ['us-east-1'] }), err('/locations', 'type', { type: 'null' }), err('/locations', 'anyOf', {})]
    expect(fieldErrors(errors)).toEqual({ 'locations[0]': 'must be one of: "us-east-1"' })
  })

  it('keeps the wrong-type reason when no inner field failed', () => {
    const errors = [err('/tags', 'type', { type: 'array' }), err('/tags', 'type', { type: 'null' }), err('/tags', 'anyOf', {})]
    expect(fieldErrors(errors)).toEqual({ tags: 'must be a list' })
  })
})
