/**
 * An opt-in check that every response matches the schema its route declares for that status code (tests turn it on).
 * The serializer trusts the schema: it writes only the declared properties of an object (unless it allows more) and
 * coerces declared types (a null in a string field becomes ""), so a wrong schema silently changes what clients get.
 * Before serialization the payload is validated against the schema, then serialized as the route would and compared
 * with plain JSON: a field the schema does not allow, or one the serializer would drop or change, turns the answer
 * into a 500 that names the route, the status and the path, and is logged as an error.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CompiledSchemas } from './compiled-schemas.js'
import { errorBody } from './errors.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The schema a route declares for a status code: the exact code, then "2xx" and the like, then "default". */
export function responseSchemaFor(responses: unknown, statusCode: number): object | null {
  if (!responses || typeof responses !== 'object') return null
  const byCode = responses as Record<string, unknown>
  const declared = byCode[String(statusCode)] ?? byCode[`${String(statusCode)[0] ?? ''}xx`] ?? byCode.default
  if (!declared || typeof declared !== 'object') return null
  // The OpenAPI form {content: {media type: {schema}}}: only JSON bodies go through the serializer.
  const content = (declared as { content?: Record<string, { schema?: object }> }).content
  if (content) return content['application/json']?.schema ?? null
  return declared
}

/** The first place where two JSON values differ, as a path like "items/0/name", or null when they are equal. */
export function firstDifference(expected: Json, actual: Json, path = ''): string | null {
  if (expected === actual) return null
  const here = path === '' ? '(root)' : path
  if (typeof expected !== 'object' || typeof actual !== 'object' || expected === null || actual === null) return here
  if (Array.isArray(expected) !== Array.isArray(actual)) return here
  const prefix = path === '' ? '' : `${path}/`
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return here
    for (let i = 0; i < expected.length; i++) {
      const diff = firstDifference(expected[i] as Json, actual[i] as Json, `${prefix}${i}`)
      if (diff) return diff
    }
    return null
  }
  const e = expected as Record<string, Json>
  const a = actual as Record<string, Json>
  for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
    if (!(key in a)) return `${prefix}${key} (dropped by the serializer)`
    const diff = firstDifference(e[key] ?? null, a[key] ?? null, `${prefix}${key}`)
    if (diff) return diff
  }
  return null
}

/** Why the payload does not match the route's response schema, or null when it does. */
export function responseMismatch(compiled: CompiledSchemas, schema: object, payload: unknown): string | null {
  const validate = compiled.responseValidator(schema)
  if (!validate(payload)) {
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ')
  }
  const serialize = compiled.serializerCompiler({ schema, method: '', url: '', httpStatus: '' }) as (doc: unknown) => string
  const expected = JSON.parse(JSON.stringify(payload) ?? 'null') as Json
  const actual = JSON.parse(serialize(payload)) as Json
  const diff = firstDifference(expected, actual)
  return diff === null ? null : `${diff} changes when serialized`
}

export function installResponseCheck(app: FastifyInstance, compiled: CompiledSchemas): void {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const statusCode = reply.statusCode
    const schema = responseSchemaFor(request.routeOptions.schema?.response, statusCode)
    if (!schema) return payload
    const problem = responseMismatch(compiled, schema, payload)
    if (problem === null) return payload
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`
    const message = `Response of ${route} does not match its ${statusCode} schema: ${problem}`
    request.log.error({ route, statusCode, problem }, message)
    request.failure = new Error(message)
    void reply.code(500)
    return errorBody(500, message, { route, statusCode, problem })
  })
}
