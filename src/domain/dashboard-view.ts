/** The response view of a dashboard: its settings (the body schemas of dashboards.ts) and the response-only fields. */
import { Type, type Static } from 'typebox'
import { Nullable } from './checks/shared-schemas.js'
import { DashboardUpdateBody } from './dashboards.js'
import { responseView } from './view-schema.js'

export const DashboardKeyView = Type.Object(
  {
    id: Type.String(),
    rawKey: Type.String({ description: 'The whole key in the response that made the dashboard private; afterwards its masked form (as maskedKey).' }),
    maskedKey: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: true },
)

/**
 * Every setting is stored with its default, yet none is required: a dashboard stored before a setting existed lacks
 * it, and the serializer fails a response that lacks a required field.
 */
const settings = responseView(DashboardUpdateBody).properties

export const DashboardView = Type.Object(
  {
    id: Type.Integer(),
    dashboardId: Type.String({ description: 'The id used in paths.' }),
    ...settings,
    keys: Type.Array(DashboardKeyView, { description: 'The keys that open a private dashboard; empty for a public one.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: true },
)
export type DashboardView = Static<typeof DashboardView>
