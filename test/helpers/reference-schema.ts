/**
 * The reference API document (openapi-reference.json, OpenAPI 3.0) as validators: for an operation and the status
 * a response came with, the errors of its body against the reference's schema for that status. OpenAPI's
 * `nullable: true` is rewritten as a union with null, and component references point into one schema compiled
 * once, so every operation's response is checked exactly as the reference writes it (required fields, types,
 * enums, list shapes). Unknown formats and vendor keywords (x-format, example) are ignored.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

type Json = Record<string, unknown>
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const REFERENCE_PATH = fileURLToPath(new URL('../fixtures/reference/openapi-reference.json', import.meta.url))

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface ReferenceDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Json }> }>; deprecated?: boolean }>>
  components: { schemas: Record<string, Json> }
}

/** OpenAPI 3.0 schema → JSON Schema draft 7 as Ajv reads it. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (node === null || typeof node !== 'object') return node
  const source = node as Json
  const out: Json = {}
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example' || key.startsWith('x-')) continue
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', 'reference#/definitions/')
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, schema]) => [name, toJsonSchema(schema)]))
    } else out[key] = toJsonSchema(value)
  }
  // OpenAPI 3.0 writes an exclusive bound as a flag beside minimum/maximum; JSON Schema as the bound itself.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true && typeof out[bound] === 'number') out[flag] = out[bound]
      else delete out[flag]
      if (typeof out[flag] === 'number') delete out[bound]
    }
  }
  if (source.nullable === true) {
    // A union with null; an enum must also admit null for the null branch to pass.
    return { anyOf: [out, { type: 'null' }] }
  }
  return out
}

export interface ReferenceOperation {
  method: HttpMethod
  path: string
  deprecated: boolean
  /** The statuses the reference documents for the operation. */
  statuses: string[]
}

export interface ReferenceApi {
  operations: ReferenceOperation[]
  /** Error messages of a response body against the operation's schema for that status ([] when it conforms). */
  responseErrors(method: HttpMethod, path: string, status: number, body: unknown): string[]
  /** Whether the reference documents that status for the operation. */
  documents(method: HttpMethod, path: string, status: number): boolean
}

export function loadReferenceApi(): ReferenceApi {
  const document = JSON.parse(readFileSync(REFERENCE_PATH, 'utf8')) as ReferenceDocument
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false, validateFormats: true }))
  // The reference is generated from Joi schemas, where `Joi.date()` becomes `format: date` although the value it
  // describes is a JavaScript Date, sent as an ISO 8601 date-time (created_at, startsAt, lastSeen): a full date or
  // a date-time both match it.
  ajv.addFormat('date', { type: 'string', validate: (value: string) => FULL_DATE.test(value) || DATE_TIME.test(value) })
  ajv.addSchema({ $id: 'reference', definitions: toJsonSchema(document.components.schemas) as Json })
  const compiled = new Map<string, ValidateFunction | null>()
  const operations: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      operations.push({ method: method.toUpperCase() as HttpMethod, path, deprecated: operation.deprecated === true, statuses: Object.keys(operation.responses ?? {}) })
    }
  }
  const responseOf = (method: HttpMethod, path: string, status: number) => {
    const operation = document.paths[path]?.[method.toLowerCase()]
    if (!operation) throw new Error(`the reference has no operation ${method} ${path}`)
    return operation.responses?.[String(status)]
  }
  const validatorOf = (method: HttpMethod, path: string, status: number): ValidateFunction | null => {
    const key = `${method} ${path} ${status}`
    if (!compiled.has(key)) {
      const schema = responseOf(method, path, status)?.content?.['application/json']?.schema
      compiled.set(key, schema ? ajv.compile(toJsonSchema(schema) as Json) : null)
    }
    return compiled.get(key) ?? null
  }
  return {
    operations,
    documents: (method, path, status) => responseOf(method, path, status) !== undefined,
    responseErrors(method, path, status, body) {
      if (!this.documents(method, path, status)) return [`the reference does not document status ${status} for ${method} ${path}`]
      const validate = validatorOf(method, path, status)
      // The reference declares no body for this status (a 204, say): nothing to validate.
      if (!validate) return []
      if (validate(body)) return []
      return (validate.errors ?? [])
        .slice(0, 12)
        .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}${error.params ? ' ' + JSON.stringify(error.params) : ''}`)
    },
  }
}
