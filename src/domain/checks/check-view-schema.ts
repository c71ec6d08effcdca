/**
 * The response view of a check, built from the check-type registry: each type's view lists that type's own stored
 * fields (from the same field schemas its bodies use) plus the fields only a response has. Views stay open
 * (additionalProperties), because a check shown with its group's settings applied carries the group's fields too.
 */
import { Type, type Static, type TSchema } from 'typebox'
import type { CheckTypeDef } from './check-type.js'
import { CHECK_TYPES } from './enums.js'
import { CHECK_TYPE_DEFS } from './registry.js'
import { AlertChannelSubscription, KeyValue, Nullable, StringEnum } from './shared-schemas.js'
import { responseView } from '../view-schema.js'
import type { CommonCheckDoc } from './contract.js'

const open = { additionalProperties: true }

export const AlertChannelsView = Type.Object(
  {
    email: Type.Array(Type.Object({ address: Type.String() }, open)),
    webhook: Type.Array(
      Type.Object(
        {
          url: Type.String(),
          name: Type.String(),
          method: Type.String(),
          headers: Type.Array(responseView(KeyValue)),
          queryParameters: Type.Array(responseView(KeyValue)),
        },
        open,
      ),
    ),
    slack: Type.Array(Type.Object({ url: Type.String() }, open)),
    sms: Type.Array(Type.Object({ number: Type.String(), name: Type.String() }, open)),
  },
  { ...open, description: 'The activated alert channels the check notifies, by type.' },
)

/** The monitoring-as-code project that deployed a resource, or null when it was made by hand. */
export const ProjectRefView = Nullable(Type.Object({ id: Type.String(), logicalId: Type.String(), name: Type.String() }, open))

const ProjectOfBinding = Type.Object({ id: Type.String(), logicalId: Type.String(), name: Type.String() }, open)
const Binding = Type.Object({ logicalId: Type.String(), pending: Type.Boolean() }, open)

/** Every project bound to a check: the one that owns it (deployed it) and those that only reference it. */
export const ProjectBindingsView = Type.Object(
  {
    owner: Nullable(Type.Object({ project: ProjectOfBinding, binding: Binding }, open)),
    references: Type.Array(Type.Object({ project: ProjectOfBinding, binding: Binding }, open)),
  },
  { ...open, description: 'The monitoring-as-code projects bound to the check; owner null and references empty when made by hand.' },
)

/** Fields every check response has beside its stored document, on /v1, /v2 and /v3. */
export const checkResponseFields = {
  id: Type.String(),
  alertChannelSubscriptions: Type.Array(responseView(AlertChannelSubscription)),
  alertChannels: AlertChannelsView,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
  projectBindings: ProjectBindingsView,
}

/** The flat project fields of /v1 only: /v2 and /v3 report the same in projectBindings. */
export const flatProjectFields = {
  logicalId: Nullable(Type.String({ description: "The check's logical id in the project that deployed it; null when made by hand." })),
  project: ProjectRefView,
  member: Nullable(Type.Boolean({ description: 'True when the project owns the check; null when made by hand.' })),
  pending: Nullable(Type.Boolean({ description: 'Always false for a deployed check (no import plans here); null when made by hand.' })),
}

/**
 * The view of one check type. Required are the fields every document of the type has whatever version stored it
 * (the type's required body fields and the response's own); a field with a default may be missing from a document
 * stored before the field existed, and the serializer fails a response that lacks a required field. `inUnion`: the
 * view is a branch of AnyCheckView, picked by validation, so its fields keep only their types (view-schema.ts).
 */
export function checkViewSchema(def: CheckTypeDef, options: { inUnion?: boolean; version?: ApiVersion } = {}): TSchema {
  const properties: Record<string, TSchema> = { checkType: StringEnum([def.checkType]) }
  for (const [name, spec] of Object.entries(def.fields)) properties[name] = responseView(spec.schema, options)
  const response = (options.version ?? 1) === 1 ? { ...checkResponseFields, ...flatProjectFields } : checkResponseFields
  Object.assign(properties, response)
  // A suite always answers the path of its bundle (suite-bundle.ts), which the reference requires.
  const answered = def.checkType === 'PLAYWRIGHT' ? ['codeBundlePath'] : []
  const required = ['checkType', ...def.required, ...Object.keys(response), ...answered]
  return Type.Unsafe<CheckView>({ type: 'object', title: `${def.checkType} check`, properties, required: [...new Set(required)], ...open })
}

/** The read versions of a check: /v2 and /v3 leave out the flat project fields of /v1. */
export type ApiVersion = 1 | 2 | 3

/** The fields every check view has, whatever its type. */
export const BaseCheckView = Type.Object({ checkType: StringEnum(CHECK_TYPES), name: Type.String(), ...checkResponseFields, ...flatProjectFields }, open)
/** A check's view: the response-only fields, its stored common fields (secrets hidden), its type's own fields. */
export type CheckView = Static<typeof BaseCheckView> & Omit<CommonCheckDoc, 'alertChannelSubscriptions'> & Record<string, unknown>

/**
 * Any check: the view of its type, told apart by checkType. There is no catch-all branch, so that a check that does
 * not match its own type's view fails the response check rather than passing as a generic one.
 */
export const AnyCheckView = Type.Union(
  CHECK_TYPE_DEFS.map((def) => checkViewSchema(def, { inUnion: true })),
  { description: 'A check; its fields depend on checkType.' },
)

/** Any check as /v2 and /v3 read it: without the flat project fields (logicalId, project, member, pending). */
export const AnyCheckViewV2 = Type.Union(
  CHECK_TYPE_DEFS.map((def) => checkViewSchema(def, { inUnion: true, version: 2 })),
  { description: 'A check; its fields depend on checkType. Project ownership is in projectBindings.' },
)
