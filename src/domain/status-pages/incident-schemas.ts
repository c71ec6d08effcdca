/**
 * The contract of incidents and incident updates: request bodies (reference CreateStatusPageV2Incident,
 * StatusPageV2IncidentUpdate), stored documents and response views.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { INCIDENT_IMPACTS, INCIDENT_SEVERITIES, INCIDENT_STATUSES } from './enums.js'
import { ServiceRef, ServiceView } from './service-ref.js'

export const IncidentUpdateCreateBody = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 10000, description: 'What is happening, shown on the status page.' }),
  status: StringEnum(INCIDENT_STATUSES),
  publicIncidentUpdateDate: Type.Optional(Type.String({ format: 'date-time', description: 'When the update is shown as posted (to backfill); default now, never in the future.' })),
  notifySubscribers: Type.Optional(Type.Boolean({ description: 'E-mail the subscribers of the pages showing the services. Default false.' })),
})
export type IncidentUpdateCreateBody = Static<typeof IncidentUpdateCreateBody>

/** PUT of an update: fields left out keep their value. */
export const IncidentUpdateChangeBody = Type.Partial(IncidentUpdateCreateBody)
export type IncidentUpdateChangeBody = Static<typeof IncidentUpdateChangeBody>

const IncidentFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  severity: StringEnum(INCIDENT_SEVERITIES),
  services: Type.Array(ServiceRef, { minItems: 1, maxItems: 100, description: "The affected services (the account's own)." }),
}

export const IncidentCreateBody = Type.Object({
  ...IncidentFields,
  incidentUpdates: Type.Array(IncidentUpdateCreateBody, { minItems: 1, maxItems: 1, description: 'The first update (exactly one).' }),
})
export type IncidentCreateBody = Static<typeof IncidentCreateBody>

/** PUT or PATCH of an incident: fields left out keep their value; updates have their own routes. */
export const IncidentChangeBody = Type.Partial(Type.Object(IncidentFields))
export type IncidentChangeBody = Static<typeof IncidentChangeBody>

/** Stored service of an incident: the id and the name when last written (with its creation, once deleted), shown if the service is deleted. */
export const IncidentServiceRef = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Type.Optional(Type.Number({ description: 'Epoch ms.' })) })
export type IncidentServiceRef = Static<typeof IncidentServiceRef>

/** An incident as stored; its updates are documents of their own. */
export const IncidentDoc = Type.Object({
  name: Type.String(),
  severity: StringEnum(INCIDENT_SEVERITIES),
  services: Type.Array(IncidentServiceRef),
  lastUpdateStatus: StringEnum(INCIDENT_STATUSES),
  // Kept for the dashboard incident routes (/v1/incidents); absent on incidents opened on status page services.
  impact: Type.Optional(StringEnum(INCIDENT_IMPACTS)),
  dashboardId: Type.Optional(Type.Number()),
  startedAt: Type.Optional(Nullable(Type.Number({ description: 'Epoch ms, as given.' }))),
  stoppedAt: Type.Optional(Nullable(Type.Number({ description: 'Epoch ms, as given.' }))),
})
export type IncidentDoc = Static<typeof IncidentDoc>

/** An incident update as stored. */
export const IncidentUpdateDoc = Type.Object({
  incidentId: Type.String(),
  description: Type.String(),
  status: StringEnum(INCIDENT_STATUSES),
  publicIncidentUpdateDate: Type.Number({ description: 'Epoch ms.' }),
  notifySubscribers: Type.Boolean(),
  notified: Nullable(Type.Boolean({ description: 'false while subscribers still have to be e-mailed (set when first posted with notifySubscribers); null otherwise.' })),
  position: Type.Number({ description: 'Posting order, to order updates with the same public date.' }),
  maintenance: Type.Optional(Type.Boolean({ description: 'Posted as MAINTENANCE through the dashboard incident routes (stored as IDENTIFIED).' })),
})
export type IncidentUpdateDoc = Static<typeof IncidentUpdateDoc>

const open = { additionalProperties: true }
const date = Type.String({ format: 'date-time' })

export const IncidentUpdateView = Type.Object(
  {
    id: Type.String(),
    incidentId: Type.String(),
    description: Type.String(),
    status: StringEnum(INCIDENT_STATUSES),
    publicIncidentUpdateDate: date,
    notifySubscribers: Type.Boolean(),
    created_at: date,
    updated_at: Nullable(date),
  },
  open,
)
export type IncidentUpdateView = Static<typeof IncidentUpdateView>

/** An incident with its services and its updates, oldest first. */
export const IncidentView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    name: Type.String(),
    severity: StringEnum(INCIDENT_SEVERITIES),
    services: Type.Array(ServiceView),
    incidentUpdates: Type.Array(IncidentUpdateView),
    lastUpdateStatus: StringEnum(INCIDENT_STATUSES),
    resolvedAt: Nullable(Type.String({ format: 'date-time', description: 'When the last update resolved it; null while open.' })),
    duration: Nullable(Type.Number({ description: 'Seconds from the first update to the resolving one; null while open.' })),
    created_at: date,
    updated_at: Type.String({ format: 'date-time', description: 'When last changed; its creation until then.' }),
  },
  open,
)
export type IncidentView = Static<typeof IncidentView>
