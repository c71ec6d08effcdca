/**
 * Compiled request validators and response serializers, shared by every app a process builds. Compiling is most of
 * what building an app costs (Ajv, and fast-json-stringify, which runs Ajv for its unions), and the same route
 * schemas come back for each app: a test file builds dozens.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { Ajv } from 'ajv'
import { createBodyAjv, createTextAjv } from '../lib/body-ajv.js'
import { oncePerSchema } from '../lib/once-per-schema.js'
import { serializerFor, type Serialize } from './serializer-schema.js'

type Validate = ReturnType<Ajv['compile']>

export interface CompiledSchemas {
  /** Bodies are validated strictly; query strings and path parameters are coerced from text (body-ajv.ts). */
  validatorCompiler: FastifySchemaCompiler<unknown>
  serializerCompiler: FastifySerializerCompiler<unknown>
  /** Validates a response payload as it is, before serialization (response-check.ts): strict types, nothing changed. */
  responseValidator: (schema: object) => Validate
}

export function createCompiledSchemas(): CompiledSchemas {
  const bodyAjv = createBodyAjv()
  const textAjv = createTextAjv()
  const body = oncePerSchema<Validate>((schema) => bodyAjv.compile(schema))
  const text = oncePerSchema<Validate>((schema) => textAjv.compile(schema))
  // No shared schemas are added to the apps (no addSchema), so one compiler serves every route of every app.
  const serializerOf = SerializerSelector()(undefined, {})
  // Rewritten so that no answer compiles a validator on its way out (serializer-schema.ts).
  const serializer = oncePerSchema<Serialize>((schema) => serializerFor(schema, (s) => serializerOf({ schema: s, method: '', url: '', httpStatus: '' })))
  return {
    validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? body : text)(schema as object),
    serializerCompiler: ({ schema }) => serializer(schema as object),
    // The body validator neither coerces nor fills defaults, so it judges a payload without touching it.
    responseValidator: body,
  }
}
