/** The response view of a check group: its stored fields (the body schemas of schema.ts) and the response-only ones. */
import { Type, type Static, type TSchema } from 'typebox'
import { AlertChannelSubscription, Nullable } from '../checks/shared-schemas.js'
import { responseView } from '../view-schema.js'
import { GROUP_FIELDS, type StoredCheckGroupDoc } from './schema.js'

const properties: Record<string, TSchema> = {}
for (const [name, spec] of Object.entries(GROUP_FIELDS)) properties[name] = responseView(spec.schema)

const BaseGroupView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  alertChannelSubscriptions: Type.Array(responseView(AlertChannelSubscription)),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
})
/** The stored fields as read back (any may be missing from an older document), then the response-only ones. */
export type CheckGroupView = Omit<StoredCheckGroupDoc, keyof typeof BaseGroupView.properties> & Static<typeof BaseGroupView>

/**
 * Open (additionalProperties), as a group stored by an older version may hold fields this one no longer lists.
 * Only the fields every group has, whichever version stored it, are required: the serializer fails a response that
 * lacks a required field, and a stored field with a default may be missing from a group stored before it existed.
 */
export const CheckGroupView = Type.Unsafe<CheckGroupView>({
  type: 'object',
  title: 'Check group',
  description: 'The check group, with alertChannelSubscriptions. Secret environment variables read as *****.',
  properties: { ...properties, ...BaseGroupView.properties },
  required: Object.keys(BaseGroupView.properties),
  additionalProperties: true,
})
