/**
 * The response form of a body schema. A stored document holds what its body schema allowed, so the same schema
 * describes the response field, with these changes, each because of how the serializer reads a response schema:
 * - defaults are dropped: the serializer would write a default into a field a document lacks, inventing data;
 * - every object allows more properties than it lists unless it says otherwise: bodies are not stripped of unknown
 *   keys, so a stored object can hold more, and the serializer writes only the declared properties of a closed one;
 * - inside a union (a nullable field is one) only types remain: the serializer picks a union's branch by validating
 *   the value and fails the whole response when none matches, so a value stored before a limit, an enum or a
 *   required field changed (an old runtime id, a longer description) must still match its branch.
 */
import type { TSchema } from 'typebox'

type Node = Record<string | symbol, unknown>

/** Keywords whose value maps names to schemas: the names are data, never keywords to drop. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['enum', 'const', 'examples', 'required'])
const UNIONS = new Set(['anyOf', 'oneOf'])
/** What a value must satisfy beyond its type: dropped inside unions (see above). */
const LIMITS = new Set([
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
])

function copy(value: unknown, inUnion: boolean, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => copy(v, inUnion))
  if (value === null || typeof value !== 'object') return value
  const node = value as Node
  const out: Node = {}
  for (const key of Object.keys(node)) {
    if (isMap) out[key] = copy(node[key], inUnion)
    else if (key === 'default' || (inUnion && LIMITS.has(key))) continue
    else if (DATA.has(key)) out[key] = node[key]
    else out[key] = copy(node[key], inUnion || UNIONS.has(key), SCHEMA_MAPS.has(key))
  }
  // TypeBox marks its schemas with symbol keys; they travel along so that the copy is still a TypeBox schema.
  for (const sym of Object.getOwnPropertySymbols(node)) out[sym] = node[sym]
  const isObjectSchema = !isMap && (node.type === 'object' || 'properties' in node)
  if (isObjectSchema && !('additionalProperties' in node)) out.additionalProperties = true
  return out
}

/**
 * The body schema as a response schema (see above). Its static type is the body's: inside unions it claims fields
 * required that the schema no longer requires. `inUnion`: the schema itself will be part of a union's branch.
 */
export const responseView = <T extends TSchema>(schema: T, options: { inUnion?: boolean } = {}): T => copy(schema, options.inUnion ?? false) as T
