/** Account environment variables: body schemas, the update rules and the masked response. */
import { Type } from 'typebox'
import { FieldErrorCollector } from './errors.js'
import { toIso, toIsoOrNull } from '../lib/clock.js'

export const VARIABLE_KEY_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$'
/** The same ceiling as a check's or group's environment variable value. */
export const MAX_VARIABLE_VALUE_LENGTH = 16384

const Key = Type.String({ minLength: 1, maxLength: 255, pattern: VARIABLE_KEY_PATTERN, description: 'Cannot be changed after creation.' })
const Value = Type.String({ maxLength: MAX_VARIABLE_VALUE_LENGTH })
const Locked = Type.Boolean({ default: false, description: 'Used only in the UI to hide the value.' })
const Secret = Type.Boolean({ default: false, description: 'Once set it cannot be unset; the value is never returned again (it reads as null).' })

export const CreateVariableBody = Type.Object({ key: Key, value: Value, locked: Type.Optional(Locked), secret: Type.Optional(Secret) })

export const UpdateVariableBody = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 255, description: 'Ignored when equal to the path key; any other value is rejected.' })),
  value: Type.Optional(Type.String({ maxLength: MAX_VARIABLE_VALUE_LENGTH, description: 'Required, except for a secret, which keeps its stored value when left out.' })),
  locked: Type.Optional(Type.Boolean()),
  secret: Type.Optional(Type.Boolean()),
})

export const VariableView = Type.Object({
  key: Type.String(),
  value: Type.Union([Type.String(), Type.Null()], { description: 'null for a secret: its value is never returned.' }),
  locked: Type.Boolean(),
  secret: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
})

export interface Variable {
  key: string
  value: string
  locked: boolean
  secret: boolean
  createdAt: number
  updatedAt: number | null
}

export interface VariableChanges {
  key?: string | undefined
  value?: string | undefined
  locked?: boolean | undefined
  secret?: boolean | undefined
}

/**
 * The variable after a PUT: only value, locked and secret change; key is fixed and secret is one-way. The rules
 * compare values without assuming their types, so they also run on a body that failed its schema.
 */
export function applyVariableUpdate(existing: Variable, body: VariableChanges | Record<string, unknown>, at: number): Variable {
  const errors = new FieldErrorCollector()
  if (body.key !== undefined && body.key !== existing.key) errors.add('key', 'cannot be changed after creation')
  if (existing.secret && body.secret === false) errors.add('secret', 'cannot be turned off once a variable is secret')
  const secret = existing.secret || body.secret === true
  if (body.value === undefined && !secret) errors.add('value', 'is required')
  errors.throwIfAny()
  const changes = body as VariableChanges
  return {
    ...existing,
    value: changes.value ?? existing.value,
    locked: changes.locked ?? existing.locked,
    secret,
    updatedAt: at,
  }
}

/** The response shape. A secret's value is never returned by any endpoint: it reads as null. */
export const presentVariable = (v: Variable) => ({
  key: v.key,
  value: v.secret ? null : v.value,
  locked: v.locked,
  secret: v.secret,
  created_at: toIso(v.createdAt),
  updated_at: toIsoOrNull(v.updatedAt),
})
