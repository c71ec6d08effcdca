/**
 * Types computed from the API's own schemas, so that the constructs' props are the create bodies the API validates
 * and never a second copy: a check type's body from its field specs (src/domain/checks/<type>.ts), a group's from
 * GROUP_FIELD_SPECS, the others with `Static<>` of their create-body schemas.
 */
import type { Static, TSchema } from 'typebox'
import type { ResourceRef } from '../domain/projects/deploy-request.js'
import type { AlertChannelSubscription, TriggerIncident } from '../domain/checks/shared-schemas.js'

/** Flattens an intersection for readable hovers and messages. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {}

type SchemaOf<F> = F extends { schema: infer S extends TSchema } ? S : never

/** The body of a set of field specs (`{ name: { schema } }`): the `Required` fields required, the others optional. */
export type BodyOf<Fields, Required extends PropertyKey> = Simplify<
  { [K in keyof Fields as K extends Required ? K : never]: Static<SchemaOf<Fields[K]>> } & {
    [K in keyof Fields as K extends Required ? never : K]?: Static<SchemaOf<Fields[K]>>
  }
>

/** What a check type's definition must show of itself for its body to be computed (every CheckTypeDef does). */
export interface CheckDefShape {
  segment: string
  fields: object
  required: readonly string[]
}

/** The create body of POST /v1/checks/{segment} of a check type: `CheckBody<typeof apiCheck>`. */
export type CheckBody<D extends CheckDefShape> = BodyOf<D['fields'], D['required'][number]>

/** Replaces the types of some fields of T (kept optional where they were optional). */
export type Replace<T, R extends object> = Simplify<Omit<T, keyof R> & R>

/** alertChannelSubscriptions with a reference where the channel id was. */
export type SubscriptionPayload = Replace<Static<typeof AlertChannelSubscription>, { alertChannelId: ResourceRef }>
/** triggerIncident with a reference where the service id was. */
export type TriggerIncidentPayload = Replace<Static<typeof TriggerIncident>, { serviceId: ResourceRef }>
