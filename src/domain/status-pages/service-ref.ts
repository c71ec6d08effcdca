/**
 * The contract of a status page service: how requests name one (its id, or an object with the id: reference
 * StatusPageV2CardServiceRef), its body, its stored document and its response views.
 */
import { Type, type Static } from 'typebox'
import { Nullable } from '../checks/shared-schemas.js'
import { UUID_PATTERN } from '../../lib/ids.js'

export const ServiceRef = Type.Union([
  Type.String({ pattern: UUID_PATTERN, description: 'A service id.' }),
  Type.Object({ id: Type.String({ pattern: UUID_PATTERN }) }, { description: 'A service object; only its id is read.' }),
])
export type ServiceRef = Static<typeof ServiceRef>

/** The service id of a reference; the schema has already checked its shape. */
export const serviceIdOf = (ref: ServiceRef): string => (typeof ref === 'string' ? ref : String(ref.id)).toLowerCase()

/**
 * The services a list of references names, each with the field that named it (`services[0]`, for 400s naming it).
 * A list or a reference of the wrong shape names nothing: it is the schema's to report.
 */
export function serviceRefFields(refs: unknown, field: string): Array<{ field: string; serviceId: string }> {
  if (!Array.isArray(refs)) return []
  return refs.flatMap((ref: unknown, i) => {
    const id = typeof ref === 'string' ? ref : ref !== null && typeof ref === 'object' && 'id' in ref ? ref.id : undefined
    return typeof id === 'string' ? [{ field: `${field}[${i}]`, serviceId: id.toLowerCase() }] : []
  })
}

/** Service ids in order, without repeats. */
export const uniqueServiceIds = (refs: readonly ServiceRef[]): string[] => [...new Set(refs.map(serviceIdOf))]

export const ServiceBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255, description: 'The service name, shown on status pages.' }),
})
export type ServiceBody = Static<typeof ServiceBody>

/** A service as stored: its name. */
export const ServiceDoc = Type.Object({ name: Type.String() })
export type ServiceDoc = Static<typeof ServiceDoc>

const serviceViewFields = {
  id: Type.String(),
  accountId: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
}

export const ServiceView = Type.Object(serviceViewFields, { additionalProperties: true })
export type ServiceView = Static<typeof ServiceView>
