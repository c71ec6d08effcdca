/**
 * Types computed from the API's own schemas, so that the constructs' props are the create bodies the API validates
 * and never a second copy: a check type's body from the checks' contract (src/domain/checks/contract.ts), a
 * group's from GROUP_FIELD_SPECS, the others with `Static<>` of their create-body schemas.
 */
import type { Static } from 'typebox'
import type { ResourceRef } from '../domain/projects/deploy-request.js'
import type { AlertChannelSubscription, TriggerIncident } from '../domain/checks/shared-schemas.js'

export type { BodyOf, CheckBody, CheckDefShape, Simplify } from '../domain/checks/contract.js'
import type { Simplify } from '../domain/checks/contract.js'

/** Replaces the types of some fields of T (kept optional where they were optional). */
export type Replace<T, R extends object> = Simplify<Omit<T, keyof R> & R>

/** alertChannelSubscriptions with a reference where the channel id was. */
export type SubscriptionPayload = Replace<Static<typeof AlertChannelSubscription>, { alertChannelId: ResourceRef }>
/** triggerIncident with a reference where the service id was. */
export type TriggerIncidentPayload = Replace<Static<typeof TriggerIncident>, { serviceId: ResourceRef }>
