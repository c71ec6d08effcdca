/** The response view of a check group: its stored fields (the body schemas of schema.ts) and the response-only ones. */
import { Type, type Static, type TSchema } from 'typebox'
import { AlertChannelSubscription, Nullable } from '../checks/shared-schemas.js'
import { responseView } from '../view-schema.js'
import { GROUP_FIELDS } from './schema.js'

const properties: Record<string, TSchema> = { id: Type.Integer() }
for (const [name, spec] of Object.entries(GROUP_FIELDS)) properties[name] = responseView(spec.schema)

const BaseGroupView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  alertChannelSubscriptions: Type.Array(responseView(AlertChannelSubscription)),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
})
export type CheckGroupView = Static<typeof BaseGroupView> & Record<string, unknown>

/**
 * Every stored field has a default, so each is always there. Open (additionalProperties), as a group stored by an
 * older version may hold fields this one no longer lists.
 */
export const CheckGroupView = Type.Unsafe<CheckGroupView>({
  type: 'object',
  title: 'Check group',
  description: 'The check group, with alertChannelSubscriptions. Secret environment variables read as *****.',
  properties: { ...properties, ...BaseGroupView.properties },
  required: ['id', ...Object.keys(GROUP_FIELDS), 'alertChannelSubscriptions', 'created_at', 'updated_at'],
  additionalProperties: true,
})
