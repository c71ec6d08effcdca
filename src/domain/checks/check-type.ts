/** The contract each check type fulfils: its body schema, its defaults and its cross-field rules. */
import type { TSchema } from 'typebox'
import type { CheckType } from './enums.js'
import type { FieldErrorCollector } from '../errors.js'

export type Doc = Record<string, unknown>

/** One field of a check type; `S` keeps the field's schema type, so that its static type can be computed (constructs). */
export interface FieldSpec<S extends TSchema = TSchema> {
  schema: S
  /** Value used when the field is absent on create (or after an update leaves it absent). */
  default?: () => unknown
  /** Lists and settings objects: null in an update means "leave unchanged" (client convention), and absent on create means []. */
  keepOnNull?: boolean
  /** Fill nested defaults of an object field. */
  normalize?: (value: unknown) => unknown
}

export interface CheckTypeDef {
  checkType: CheckType
  /** Path segment of POST /v1/checks/{segment} and PUT /v1/checks/{segment}/{id}. */
  segment: string
  fields: Record<string, FieldSpec>
  /**
   * The defs write it `[...(['name', 'request'] as const)]` and end with `satisfies CheckTypeDef` (not a `: CheckTypeDef`
   * annotation), so that the names and the field schemas keep their literal types: the constructs (src/constructs)
   * compute a type's create body from them.
   */
  required: string[]
  /** Allowed frequencies, or null when any integer >= 0 is allowed. */
  frequencies: readonly number[] | null
  /** Cross-field rules on the complete (merged, defaulted) document. */
  validate?: (doc: Doc, errors: FieldErrorCollector) => void
}

/** JSON schema of a body: create requires the type's required fields, update requires none. */
export function bodySchema(def: CheckTypeDef, mode: 'create' | 'update'): TSchema {
  const properties: Record<string, TSchema> = {}
  for (const [name, spec] of Object.entries(def.fields)) properties[name] = spec.schema
  const schema: Record<string, unknown> = { type: 'object', properties }
  if (mode === 'create') schema.required = def.required
  return schema as unknown as TSchema
}
