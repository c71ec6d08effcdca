/** Request schemas of incidents and incident updates (reference CreateStatusPageV2Incident, StatusPageV2IncidentUpdate). */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from './enums.js'
import { IncidentServiceView, ServiceRef } from './service-ref.js'

export const IncidentUpdateCreateBody = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 10000, description: 'What is happening, shown on the status page.' }),
  status: StringEnum(INCIDENT_STATUSES),
  publicIncidentUpdateDate: Type.Optional(Type.String({ format: 'date-time', description: 'When the update is shown as posted (to backfill); default now, never in the future.' })),
  notifySubscribers: Type.Optional(Type.Boolean({ description: 'E-mail the subscribers of the pages showing the services. Default false.' })),
})

/** PUT of an update: fields left out keep their value. */
export const IncidentUpdateChangeBody = Type.Partial(IncidentUpdateCreateBody)

const IncidentFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  severity: StringEnum(INCIDENT_SEVERITIES),
  services: Type.Array(ServiceRef, { minItems: 1, maxItems: 100, description: "The affected services (the account's own)." }),
}

export const IncidentCreateBody = Type.Object({
  ...IncidentFields,
  incidentUpdates: Type.Array(IncidentUpdateCreateBody, { minItems: 1, maxItems: 1, description: 'The first update (exactly one).' }),
})

/** PUT or PATCH of an incident: fields left out keep their value; updates have their own routes. */
export const IncidentChangeBody = Type.Partial(Type.Object(IncidentFields))

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
    services: Type.Array(IncidentServiceView),
    incidentUpdates: Type.Array(IncidentUpdateView),
    lastUpdateStatus: StringEnum(INCIDENT_STATUSES),
    resolvedAt: Nullable(Type.String({ format: 'date-time', description: 'When the last update resolved it; null while open.' })),
    duration: Nullable(Type.Number({ description: 'Seconds from the first update to the resolving one; null while open.' })),
    created_at: date,
    updated_at: Nullable(date),
  },
  open,
)
export type IncidentView = Static<typeof IncidentView>
