/**
 * Compiled request validators and response serializers, shared by every app a process builds. Compiling is most of
 * what building an app costs (Ajv, and fast-json-stringify, which runs Ajv for its unions), and the same route
 * schemas come back for each app: a test file builds dozens. A schema is known by its JSON text, so routes that
 * build equal schemas afresh share one compiled function; the cache holds one entry per distinct schema.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { Ajv } from 'ajv'
import { createBodyAjv, createTextAjv } from '../lib/body-ajv.js'

type Validate = ReturnType<Ajv['compile']>
type Serialize = (doc: unknown) => string

export interface CompiledSchemas {
  /** Bodies are validated strictly; query strings and path parameters are coerced from text (body-ajv.ts). */
  validatorCompiler: FastifySchemaCompiler<unknown>
  serializerCompiler: FastifySerializerCompiler<unknown>
}

function memo<F>(compile: (schema: object) => F): (schema: object) => F {
  const compiled = new Map<string, F>()
  return (schema) => {
    const key = JSON.stringify(schema)
    let fn = compiled.get(key)
    if (!fn) {
      fn = compile(schema)
      compiled.set(key, fn)
    }
    return fn
  }
}

export function createCompiledSchemas(): CompiledSchemas {
  const bodyAjv = createBodyAjv()
  const textAjv = createTextAjv()
  const body = memo<Validate>((schema) => bodyAjv.compile(schema))
  const text = memo<Validate>((schema) => textAjv.compile(schema))
  // No shared schemas are added to the apps (no addSchema), so one compiler serves every route of every app.
  const serializerOf = SerializerSelector()(undefined, {})
  const serializer = memo<Serialize>((schema) => serializerOf({ schema, method: '', url: '', httpStatus: '' }))
  return {
    validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? body : text)(schema as object),
    serializerCompiler: ({ schema }) => serializer(schema as object),
  }
}
