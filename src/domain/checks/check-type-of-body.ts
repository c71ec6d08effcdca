/**
 * The check type a generic body names (POST /v1/checks, PUT /v1/checks/{id}): `checkType` picks the type whose
 * own rules judge the rest of the body, exactly as its typed route would. A body without a known, creatable type
 * is refused naming checkType, with the types it may name.
 */
import type { CheckTypeDef } from './check-type.js'
import { CHECK_TYPE_DEFS, checkTypeByType } from './registry.js'
import type { CheckType } from './enums.js'
import { ValidationError } from '../errors.js'

/** Types the reference names that this service does not run yet: refused with a message that says so. */
export const TYPES_NOT_BUILT: readonly string[] = []

export const CREATABLE_TYPES = CHECK_TYPE_DEFS.map((def) => def.checkType)

const refuse = (why: string): never => {
  throw new ValidationError({ checkType: why })
}

export function checkTypeOfBody(body: unknown): CheckTypeDef {
  const named = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).checkType : undefined
  const list = CREATABLE_TYPES.join(', ')
  if (named === undefined || named === null) return refuse(`is required: one of ${list}`)
  if (typeof named !== 'string') return refuse(`must be text: one of ${list}`)
  if ((TYPES_NOT_BUILT as readonly string[]).includes(named)) return refuse(`${named} checks are not available on this service yet: one of ${list}`)
  return checkTypeByType.get(named as CheckType) ?? refuse(`must be one of ${list}`)
}
