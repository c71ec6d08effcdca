/**
 * Every keyword a request schema can fail on becomes a sentence about the field, from real Ajv errors (the API's
 * own validator options): what is allowed in words, never the validator's text or a regular expression.
 */
import { describe, expect, it } from 'vitest'
import { Type, type TSchema } from 'typebox'
import { createBodyAjv } from '../../src/lib/body-ajv.js'
import { fieldErrors } from '../../src/lib/schema-field-errors.js'
import { patternSentence } from '../../src/lib/pattern-sentence.js'

const ajv = createBodyAjv()
const RAW = /must NOT|must match|>=|<=|\^|\$|\[|must be [<>]/

const reasons = (schema: TSchema, value: unknown): Record<string, string> => {
  const validate = ajv.compile(Type.Object({ f: schema }))
  return validate({ f: value }) ? {} : fieldErrors(validate.errors ?? [])
}

describe('schema errors read as sentences', () => {
  it.each<[string, TSchema, unknown, string, string]>([
    ['minimum', Type.Integer({ minimum: 1 }), 0, 'f', 'must be at least 1'],
    ['maximum', Type.Integer({ maximum: 100 }), 101, 'f', 'must be at most 100'],
    ['exclusiveMinimum', Type.Number({ exclusiveMinimum: 0 }), 0, 'f', 'must be more than 0'],
    ['exclusiveMaximum', Type.Number({ exclusiveMaximum: 10 }), 10, 'f', 'must be less than 10'],
    ['multipleOf', Type.Integer({ multipleOf: 5 }), 7, 'f', 'must be a multiple of 5'],
    ['minItems 1', Type.Array(Type.String(), { minItems: 1 }), [], 'f', 'must have at least one entry'],
    ['minItems 2', Type.Array(Type.String(), { minItems: 2 }), ['a'], 'f', 'must have at least 2 entries'],
    ['maxItems', Type.Array(Type.String(), { maxItems: 1 }), ['a', 'b'], 'f', 'must have at most one entry'],
    ['uniqueItems', Type.Array(Type.String(), { uniqueItems: true }), ['a', 'a'], 'f', 'must not list the same entry twice (entries 1 and 2 are the same)'],
    ['minLength', Type.String({ minLength: 1 }), '', 'f', 'must not be empty'],
    ['maxLength', Type.String({ maxLength: 3 }), 'abcd', 'f', 'must be at most 3 characters long'],
    ['enum', Type.Unsafe({ enum: ['A', 'B'] }), 'C', 'f', 'must be one of: "A", "B"'],
    ['a union of constants', Type.Union([Type.Literal('A'), Type.Literal('B')]), 'C', 'f', 'must be one of: "A", "B"'],
    ['const', Type.Literal('A'), 'B', 'f', 'must be "A"'],
    ['type', Type.Boolean(), 'yes', 'f', 'must be true or false'],
    ['type integer', Type.Integer(), 1.5, 'f', 'must be a whole number'],
    ['format date-time', Type.String({ format: 'date-time' }), 'tomorrow', 'f', 'must be a valid date and time such as 2026-01-31T12:00:00Z'],
    ['format uri', Type.String({ format: 'uri' }), 'not a url', 'f', 'must be a valid URL such as https://example.com'],
    ['format email', Type.String({ format: 'email' }), 'nobody', 'f', 'must be a valid e-mail address'],
    ['format uuid', Type.String({ format: 'uuid' }), 'x', 'f', 'must be an id such as 3f1c2b9e-7a4d-4c1e-9b2f-5d6e7f8a9b0c'],
    ['additionalProperties', Type.Object({ a: Type.String() }, { additionalProperties: false }), { a: 'x', b: 1 }, 'f.b', 'is not a known field'],
    ['required', Type.Object({ a: Type.String() }), {}, 'f.a', 'is required'],
    ['oneOf matching none', Type.Unsafe({ oneOf: [{ type: 'string' }, { type: 'integer' }] }), true, 'f', 'does not match any of the allowed forms'],
    ['oneOf matching two', Type.Unsafe({ oneOf: [{ type: 'number' }, { type: 'integer' }] }), 1, 'f', 'matches more than one of the allowed forms; give only one'],
    ['pattern from the schema', Type.String({ pattern: '^[a-z]+$', errorMessage: 'Use lower-case letters only' }), 'A', 'f', 'Use lower-case letters only'],
    ['pattern from its characters', Type.String({ pattern: '^[a-zA-Z0-9-]+$' }), 'a b', 'f', 'Use letters, digits and dashes'],
    ['pattern from a description', Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'A hex colour such as #1a2b3c.' }), 'red', 'f', 'must be a hex colour such as #1a2b3c'],
    ['pattern without words', Type.String({ pattern: '^(ab|cd)+x?$' }), 'zz', 'f', 'is not in the expected form'],
  ])('%s', (_name, schema, value, field, sentence) => {
    const got = reasons(schema, value)
    expect(got[field]).toBe(sentence)
    for (const text of Object.values(got)) expect(text).not.toMatch(RAW)
  })
})

describe('a pattern in words', () => {
  it.each<[string, string]>([
    ['^[A-Za-z0-9_-]{8,128}$', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['^[A-Za-z_][A-Za-z0-9_]*$', 'Use letters, digits and underscores, and start with a letter or an underscore'],
    ['^[A-Za-z0-9._@-]+$', 'Use letters, digits, dashes, underscores, dots and @'],
    ['^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'must be an id such as 3f1c2b9e-7a4d-4c1e-9b2f-5d6e7f8a9b0c'],
    ['^[^/]+$', 'is not in the expected form'],
  ])('%s → %s', (pattern, sentence) => {
    expect(patternSentence(pattern)).toBe(sentence)
  })
})
