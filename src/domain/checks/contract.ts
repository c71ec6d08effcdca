/**
 * The typed contract of checks, computed from the check-type registry's field specs, so that the types and the
 * schemas the API validates are one thing: a type's create body (the required fields required, the others
 * optional), its update body (every field optional), and its stored document (a field with a default is always
 * there; one without may be absent). The constructs' props are built from the same types.
 */
import type { Static, TSchema } from 'typebox'
import type { agenticCheck } from './agentic.js'
import type { apiCheck } from './api.js'
import type { browserCheck } from './browser.js'
import type { dnsCheck } from './dns.js'
import type { grpcCheck } from './grpc.js'
import type { CheckType } from './enums.js'
import type { heartbeatCheck } from './heartbeat.js'
import type { icmpCheck } from './icmp.js'
import type { multiStepCheck } from './multistep.js'
import type { playwrightCheck } from './playwright.js'
import type { sslCheck } from './ssl.js'
import type { tcpCheck } from './tcp.js'
import type { tracerouteCheck } from './traceroute.js'
import type { urlCheck } from './url.js'

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

/** The update body of PUT /v1/checks/{segment}/{id}: any of the type's fields. */
export type CheckUpdateBody<D extends CheckDefShape> = Partial<CheckBody<D>>

/** The fields a check is created with even when the body leaves them out: the required ones and those with a default. */
type AlwaysStored<D extends CheckDefShape> = D['required'][number] | { [K in keyof D['fields']]: D['fields'][K] extends { default: () => unknown } ? K : never }[keyof D['fields']]

/** A check type's stored document: what create writes after defaults and normalizing. */
export type StoredCheckDoc<D extends CheckDefShape> = BodyOf<D['fields'], AlwaysStored<D>>

/** The stored document of each check type the API creates, by checkType. */
export interface CheckDocs {
  AGENTIC: StoredCheckDoc<typeof agenticCheck>
  API: StoredCheckDoc<typeof apiCheck>
  BROWSER: StoredCheckDoc<typeof browserCheck>
  DNS: StoredCheckDoc<typeof dnsCheck>
  GRPC: StoredCheckDoc<typeof grpcCheck>
  HEARTBEAT: StoredCheckDoc<typeof heartbeatCheck>
  ICMP: StoredCheckDoc<typeof icmpCheck>
  MULTI_STEP: StoredCheckDoc<typeof multiStepCheck>
  PLAYWRIGHT: StoredCheckDoc<typeof playwrightCheck>
  SSL: StoredCheckDoc<typeof sslCheck>
  TCP: StoredCheckDoc<typeof tcpCheck>
  TRACEROUTE: StoredCheckDoc<typeof tracerouteCheck>
  URL: StoredCheckDoc<typeof urlCheck>
}

/** The check types the API creates. */
export type CreatableCheckType = keyof CheckDocs & CheckType

/** Any check's stored document; narrow it with the record's checkType (`docOfType`). */
export type AnyCheckDoc = CheckDocs[CreatableCheckType]

/** The fields every check type stores (name, frequency, locations, alerting, ...): readable without narrowing. */
export type CommonCheckDoc = Pick<AnyCheckDoc, keyof AnyCheckDoc>

/**
 * A check's document as a create or update builds it: the common fields typed, the type's own fields readable as
 * unknown until narrowed with the check's type (`docOfType`).
 */
export type BuiltCheck = CommonCheckDoc & { readonly [field: string]: unknown }

/**
 * A check as the store holds it: as built, without its alert channel subscriptions, which live in a table of their
 * own. A document stored by an older version may lack a field added since: readers of such fields keep a fallback.
 */
export type StoredCheck = Omit<CommonCheckDoc, 'alertChannelSubscriptions'> & { readonly [field: string]: unknown }

/** A check's document as its type's, when the check is of that type (the store wrote it after that type's schema). */
export function docOfType<T extends CreatableCheckType>(check: { checkType: string; doc: StoredCheck }, type: T): Omit<CheckDocs[T], 'alertChannelSubscriptions'> | undefined {
  return check.checkType === type ? (check.doc as unknown as CheckDocs[T]) : undefined
}

/** A check as it runs: its stored document with its group's settings applied, and its type. */
export type EffectiveCheck = StoredCheck & { readonly checkType: CheckType }
