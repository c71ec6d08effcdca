/**
 * Every route declares a concrete response schema, and the response check (api/response-check.ts) catches a response
 * that does not match its schema: the serializer would otherwise drop or coerce fields without a word.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { Type, type TSchema } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompiledSchemas } from '../../src/api/compiled-schemas.js'
import { installErrorHandlers } from '../../src/api/errors.js'
import { installResponseCheck } from '../../src/api/response-check.js'
import { responseView } from '../../src/domain/view-schema.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()])
const Item = Type.Object({ id: Type.String(), note: Nullable(Type.String()) })

interface Case {
  name: string
  schema: TSchema
  payload: unknown
  /** The path the 500 names, or null when the response matches. */
  path: string | null
}

const cases: Case[] = [
  { name: 'a matching object', schema: Item, payload: { id: 'a', note: null }, path: null },
  { name: 'an open object with more fields', schema: Type.Object({ id: Type.String() }, { additionalProperties: true }), payload: { id: 'a', extra: [1] }, path: null },
  { name: 'null in a string field (the serializer writes "")', schema: Type.Object({ id: Type.String() }), payload: { id: null }, path: '/id' },
  { name: 'a number in a string field', schema: Item, payload: { id: 7, note: null }, path: '/id' },
  { name: 'a required field missing', schema: Item, payload: { note: 'x' }, path: "must have required property 'id'" },
  { name: 'a field a closed object would drop', schema: Item, payload: { id: 'a', note: null, secret: 'kept?' }, path: 'secret (dropped by the serializer)' },
  { name: 'a nested field dropped', schema: Type.Object({ items: Type.Array(Item) }), payload: { items: [{ id: 'a', note: 'n', more: 1 }] }, path: 'items/0/more' },
  {
    name: 'a wrong item of a list',
    schema: Type.Array(Item),
    payload: [
      { id: 'a', note: null },
      { id: 'b', note: 3 },
    ],
    path: '/1/note',
  },
]

describe('the response check', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    const compiled = createCompiledSchemas()
    app = Fastify({ logger: false })
    app.setValidatorCompiler(compiled.validatorCompiler)
    app.setSerializerCompiler(compiled.serializerCompiler)
    installErrorHandlers(app)
    installResponseCheck(app, compiled)
    cases.forEach((c, i) => app.get(`/case/${i}`, { schema: { response: { 200: c.schema } } }, async () => c.payload))
    // Only the schema of the status actually sent is used: here the 201 one, which the payload matches.
    app.post('/created', { schema: { response: { 200: Type.Object({ id: Type.Integer() }), 201: Item } } }, async (_request, reply) =>
      reply.code(201).send({ id: 'a', note: null }),
    )
    app.get('/no-schema', async () => ({ anything: null }))
    await app.ready()
  })
  afterAll(() => app.close())

  it.each(cases.map((c, i) => ({ ...c, i })))('judges $name', async ({ i, path, payload }) => {
    const res = await app.inject({ method: 'GET', url: `/case/${i}` })
    if (path === null) {
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual(payload)
      return
    }
    expect(res.statusCode).toBe(500)
    const body = res.json<{ message: string; attributes: Record<string, unknown> }>()
    expect(body.message).toContain(`GET /case/${i}`)
    expect(body.message).toContain('200 schema')
    expect(body.message).toContain(path)
    expect(body.attributes).toMatchObject({ route: `GET /case/${i}`, statusCode: 200 })
  })

  it('uses the schema of the status code sent, and leaves routes without a schema alone', async () => {
    const created = await app.inject({ method: 'POST', url: '/created' })
    expect(created.statusCode, created.body).toBe(201)
    expect((await app.inject({ method: 'GET', url: '/no-schema' })).json()).toEqual({ anything: null })
  })
})

/** Body schemas whose response views must still serialize a document stored before a limit, enum or default changed. */
const storedEarlier: Array<{ name: string; body: TSchema; value: unknown }> = [
  { name: 'a value no longer in a nullable enum', body: Nullable(Type.Unsafe({ type: 'string', enum: ['2026.04'] })), value: '2019.01' },
  { name: 'a string over a later nullable limit', body: Nullable(Type.String({ maxLength: 2 })), value: 'longer' },
  { name: 'an object without a later required field', body: Nullable(Type.Object({ type: Type.String(), added: Type.String() })), value: { type: 'FIXED' } },
  { name: 'an object with fields the body never listed', body: Type.Object({ key: Type.String() }), value: { key: 'k', locked: true } },
  { name: 'a field absent despite its default', body: Type.Object({ kept: Type.Optional(Type.Boolean({ default: true })) }), value: {} },
]

describe('response views of body schemas', () => {
  const compiled = createCompiledSchemas()
  it.each(storedEarlier)('serializes $name unchanged', ({ body, value }) => {
    const schema = Type.Object({ field: responseView(body) })
    const serialize = compiled.serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (doc: unknown) => string
    expect(JSON.parse(serialize({ field: value }))).toEqual({ field: value })
    expect(compiled.responseValidator(schema)({ field: value })).toBe(true)
  })
})

type Schema = {
  type?: string
  properties?: Record<string, unknown>
  patternProperties?: Record<string, unknown>
  additionalProperties?: unknown
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}

/** A map (Type.Record) describes its values; an object with neither properties nor a value schema describes nothing. */
const describesValues = (s: Schema): boolean => Object.keys(s.patternProperties ?? {}).length > 0 || (typeof s.additionalProperties === 'object' && s.additionalProperties !== null)

/** Where a response schema is an object without properties (or value schema): at the top, as list items, or as a branch of a union. */
function bareObjects(schema: Schema | undefined, at: string): string[] {
  if (!schema) return []
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
  if (branches.length > 0) return branches.flatMap((b, i) => bareObjects(b, `${at}|${i}`))
  if (schema.type === 'array') return bareObjects(schema.items, `${at}[]`)
  if (schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0 && !describesValues(schema)) return [at]
  return []
}

describe('the OpenAPI document', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(testDbs[0]!)
  })
  afterAll(() => t.close())

  it('gives every response of every operation a schema with properties', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json<{ paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>> }>()
    const bare: string[] = []
    let seen = 0
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema
          if (schema) seen++
          bare.push(...bareObjects(schema, `${method.toUpperCase()} ${path} ${status}`))
        }
      }
    }
    expect(seen).toBeGreaterThan(100)
    expect(bare).toEqual([])
  })
})
