/**
 * The response form of a body schema. A stored document holds what its body schema allowed, so the same schema
 * describes the response field, with two changes: defaults are dropped (the serializer would write a default into a
 * field a document lacks, inventing data), and every object allows more properties than it lists unless it says
 * otherwise (bodies are not stripped of unknown keys, so a stored object can hold more; the serializer writes only
 * the declared properties of a closed object and would drop them).
 */
import type { TSchema } from 'typebox'

type Node = Record<string | symbol, unknown>

/** Keywords whose value maps names to schemas: the names are data, never keywords to drop. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['enum', 'const', 'examples', 'required'])

function copy(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => copy(v))
  if (value === null || typeof value !== 'object') return value
  const node = value as Node
  const out: Node = {}
  for (const key of Object.keys(node)) {
    if (isMap) out[key] = copy(node[key])
    else if (key === 'default') continue
    else if (DATA.has(key)) out[key] = node[key]
    else out[key] = copy(node[key], SCHEMA_MAPS.has(key))
  }
  // TypeBox marks its schemas with symbol keys; they travel along so that the copy is still a TypeBox schema.
  for (const sym of Object.getOwnPropertySymbols(node)) out[sym] = node[sym]
  const isObjectSchema = !isMap && (node.type === 'object' || 'properties' in node)
  if (isObjectSchema && !('additionalProperties' in node)) out.additionalProperties = true
  return out
}

/** The body schema as a response schema: no defaults, and open objects (see above). Its static type is the body's. */
export const responseView = <T extends TSchema>(schema: T): T => copy(schema) as T
