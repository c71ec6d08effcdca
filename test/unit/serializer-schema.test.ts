/**
 * Response schemas as the serializer gets them: unions of plain types become lists of types, tagged unions pick
 * their branch by tag, and the JSON written is what the schema as declared gives, without compiling a validator.
 */
import { describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { createCompiledSchemas } from '../../src/api/compiled-schemas.js'
import { forSerializer, serializerFor, taggedUnion } from '../../src/api/serializer-schema.js'
import { AnyCheckView } from '../../src/domain/checks/check-view-schema.js'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

const Dog = Type.Object({ kind: Type.Literal('dog'), name: Type.String(), barks: Nullable(Type.Integer()) })
const Cat = Type.Object({ kind: Type.Literal('cat'), name: Type.String(), owner: Nullable(Type.Object({ id: Type.String() })) })
const Pet = Type.Union([Dog, Cat])

describe('forSerializer', () => {
  it.each([
    ['a nullable string', Nullable(Type.String({ format: 'date-time' })), { type: ['string', 'null'], format: 'date-time' }],
    ['a nullable object', Nullable(Type.Object({ a: Type.String() })), { type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'] }],
    ['a string or a number', Type.Union([Type.String(), Type.Number()]), { type: ['string', 'number'] }],
  ])('merges %s into a list of types', (_name, schema, expected) => {
    expect(forSerializer(schema)).toMatchObject(expected)
    expect(forSerializer(schema)).not.toHaveProperty('anyOf')
  })

  it.each([
    ['two objects', Pet],
    ['two shaped branches', Type.Union([Type.String({ minLength: 2 }), Type.Number({ minimum: 1 })])],
    ['the same type twice', Type.Union([Type.String(), Type.String({ format: 'email' })])],
  ])('leaves a union of %s as it is', (_name, schema) => {
    expect(forSerializer(schema)).toHaveProperty('anyOf')
  })

  it('rewrites inside properties and items, and leaves the schema it was given alone', () => {
    const schema = Type.Array(Type.Object({ at: Nullable(Type.String()) }))
    const before = JSON.stringify(schema)
    expect(forSerializer(schema)).toMatchObject({ items: { properties: { at: { type: ['string', 'null'] } } } })
    expect(JSON.stringify(schema)).toBe(before)
  })
})

describe('serializerFor', () => {
  const compiled = createCompiledSchemas()
  const serialize = (schema: object) => compiled.serializerCompiler({ schema, method: '', url: '', httpStatus: '' }) as (doc: unknown) => string

  it('finds the tag of a tagged union, and of every check view (checkType)', () => {
    expect(taggedUnion(Pet)?.key).toBe('kind')
    expect(taggedUnion(AnyCheckView)?.key).toBe('checkType')
    expect(taggedUnion(Type.Union([Type.String(), Type.Null()]))).toBeNull()
  })

  const pets = [
    { kind: 'dog', name: 'Rex', barks: 3 },
    { kind: 'dog', name: 'Quiet', barks: null },
    { kind: 'cat', name: 'Tom', owner: { id: 'o1' } },
    { kind: 'cat', name: 'Stray', owner: null },
  ]
  it.each([
    ['one value of a tagged union', Pet, pets[0]],
    ['another branch', Pet, pets[2]],
    ['a list of a tagged union', Type.Array(Pet), pets],
    ['an object with nullable fields', Dog, pets[1]],
    ['a list of nullable objects', Type.Array(Nullable(Type.Object({ id: Type.String() }))), [{ id: 'a' }, null]],
  ])('writes %s as plain JSON', (_name, schema, doc) => {
    expect(JSON.parse(serialize(schema)(doc))).toEqual(doc)
  })

  it('drops what the branch does not declare, as the serializer always has', () => {
    expect(JSON.parse(serialize(Pet)({ kind: 'dog', name: 'Rex', barks: 1, secret: 'x' }))).toEqual({ kind: 'dog', name: 'Rex', barks: 1 })
  })

  it('serializes a value of no branch with the whole union (which refuses it)', () => {
    expect(() => serialize(Pet)({ kind: 'bird', name: 'Tweety' })).toThrow(/does not match/)
  })

  it('compiles each branch of a tagged union once, when a value of it first comes', () => {
    const built: object[] = []
    const s = serializerFor(Type.Array(Pet), (schema) => {
      built.push(schema)
      return (doc) => JSON.stringify(doc)
    })
    expect(built).toHaveLength(0)
    s(pets)
    s(pets)
    expect(built).toHaveLength(2)
  })
})
