/**
 * Response schemas as the serializer is given them, so that no answer waits on a validator being compiled.
 * fast-json-stringify serializes a union (anyOf) by validating the value against each branch, and the first value to
 * reach a union compiles, with Ajv, the whole schema the union sits in: the first check read after a start took
 * seconds, the same read after it milliseconds. Two rewrites keep the output and drop the validators:
 *
 * - a union of plain types (a nullable field: `string | null`, `object | null`, `string | number`) becomes one schema
 *   with a list of types, which the serializer tells apart by the value's JavaScript type;
 * - a union of objects told apart by a property that has one fixed value in each branch (a check's `checkType`), at
 *   the top of an answer or as the items of a top-level list, is serialized by picking the branch from that value
 *   (`branchOf`), each branch compiled on its own the first time it is needed.
 *
 * The branch a valid value gets is the one validation would have picked; an invalid value is no concern of the
 * serializer's (the opt-in response check validates every answer in the tests).
 */

type Schema = Record<string, unknown>

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Keywords that say nothing about the value's shape. */
const ANNOTATIONS = new Set(['type', 'description', 'title', '$comment', 'examples', 'default', 'errorMessage', 'deprecated', 'readOnly', 'writeOnly'])
/** Keywords whose value is data, not schemas: copied as they are. */
const DATA = new Set(['enum', 'const', 'required', 'examples', 'default', 'type', 'errorMessage'])
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])

/** A union of branches that each have one plain type, all different, at most one with keywords of its own: one schema with a list of types. */
function mergedTypes(branches: unknown[]): Schema | null {
  if (branches.length < 2 || !branches.every(isSchema)) return null
  const types = branches.map((b) => b.type)
  if (!types.every((t): t is string => typeof t === 'string') || new Set(types).size !== types.length) return null
  const shaped = branches.filter((b) => Object.keys(b).some((k) => !ANNOTATIONS.has(k)))
  if (shaped.length > 1) return null
  return { ...(shaped[0] ?? {}), type: types }
}

/** The schema with its unions of plain types merged, everywhere inside it (a new object; the argument is not changed). */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer)
  if (!isSchema(schema)) return schema
  const out: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (DATA.has(key)) out[key] = value
    else if (SCHEMA_MAPS.has(key) && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, forSerializer(s)]))
    else out[key] = forSerializer(value)
  }
  const union = Array.isArray(out.anyOf) ? out.anyOf : null
  const merged = union ? mergedTypes(union) : null
  if (!merged) return out
  const { anyOf: _union, ...around } = out
  return { ...around, ...merged }
}

/** The one value a branch's property can hold (`enum` of one, or `const`), if a string. */
function fixedValue(property: unknown): string | undefined {
  if (!isSchema(property)) return undefined
  if (Array.isArray(property.enum) && property.enum.length === 1 && typeof property.enum[0] === 'string') return property.enum[0]
  return typeof property.const === 'string' ? property.const : undefined
}

export interface TaggedUnion {
  /** The property that tells the branches apart. */
  key: string
  /** Each branch by its value of that property. */
  branches: Map<string, Schema>
}

/** A union of object branches that a required property with one fixed value each (all different) tells apart, or null. */
export function taggedUnion(schema: unknown): TaggedUnion | null {
  if (!isSchema(schema) || !Array.isArray(schema.anyOf) || schema.anyOf.length < 2) return null
  const branches = schema.anyOf
  if (!branches.every((b): b is Schema => isSchema(b) && b.type === 'object' && isSchema(b.properties))) return null
  const first = branches[0]?.properties as Schema
  for (const key of Object.keys(first)) {
    const values = branches.map((b) => fixedValue((b.properties as Schema)[key]))
    const required = branches.every((b) => Array.isArray(b.required) && b.required.includes(key))
    if (required && values.every((v) => v !== undefined) && new Set(values).size === values.length) {
      return { key, branches: new Map(values.map((v, i) => [v as string, branches[i] as Schema])) }
    }
  }
  return null
}

export type Serialize = (doc: unknown) => string

/** Serializes with the branch the value's tag names, each branch compiled once when first met; any other value with the whole union. */
function byTag(union: TaggedUnion, build: (schema: object) => Serialize, whole: () => Serialize): Serialize {
  const compiled = new Map<string, Serialize>()
  return (doc) => {
    const tag = isSchema(doc) ? doc[union.key] : undefined
    const branch = typeof tag === 'string' ? union.branches.get(tag) : undefined
    if (typeof tag !== 'string' || !branch) return whole()(doc)
    let serialize = compiled.get(tag)
    if (!serialize) {
      serialize = build(forSerializer(branch) as object)
      compiled.set(tag, serialize)
    }
    return serialize(doc)
  }
}

/**
 * The serializer of a response schema from `build` (the serializer's compiler): a tagged union at the top, or as the
 * items of a top-level list, picks its branch by tag; everything else is built once from forSerializer's schema.
 */
export function serializerFor(schema: object, build: (schema: object) => Serialize): Serialize {
  let built: Serialize | undefined
  const whole = () => (built ??= build(forSerializer(schema) as object))
  const top = taggedUnion(schema)
  if (top) return byTag(top, build, whole)
  const items = (schema as Schema).type === 'array' ? taggedUnion((schema as Schema).items) : null
  if (!items) return whole()
  const one = byTag(items, build, whole)
  return (doc) => (Array.isArray(doc) ? `[${doc.map((item) => one(item)).join(',')}]` : whole()(doc))
}
