/**
 * The contract of the dashboard incident routes (/v1/incidents; reference Model43, Model47, Model48, Model49 and
 * IncidentUpdateV1*). They read and write the same incidents as the status page routes: only the shape differs
 * (impact instead of severity, a dashboard instead of services, a MAINTENANCE status).
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { INCIDENT_IMPACTS, INCIDENT_STATUSES } from './enums.js'

export const DASHBOARD_UPDATE_STATUSES = [...INCIDENT_STATUSES, 'MAINTENANCE'] as const
export type DashboardUpdateStatus = (typeof DASHBOARD_UPDATE_STATUSES)[number]

const description = Type.String({ minLength: 1, maxLength: 10000, description: 'What is happening.' })
const moment = (what: string) => Type.Optional(Nullable(Type.String({ format: 'date-time', description: `${what} Default: from the updates.` })))

export const DashboardIncidentUpdateCreateBody = Type.Object({ status: StringEnum(DASHBOARD_UPDATE_STATUSES), description })
export type DashboardIncidentUpdateCreateBody = Static<typeof DashboardIncidentUpdateCreateBody>

export const DashboardIncidentUpdateChangeBody = Type.Object({ description })
export type DashboardIncidentUpdateChangeBody = Static<typeof DashboardIncidentUpdateChangeBody>

const incidentFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  impact: StringEnum(INCIDENT_IMPACTS, { description: 'MAJOR and MINOR are those severities on status pages; MAINTENANCE shows as MINOR there.' }),
  startedAt: moment('When the incident started.'),
  stoppedAt: moment('When the incident ended.'),
}

export const DashboardIncidentCreateBody = Type.Object({
  ...incidentFields,
  dashboardId: Type.Integer({ minimum: 1, description: "The id of one of the account's dashboards." }),
  incidentUpdates: Type.Array(DashboardIncidentUpdateCreateBody, { minItems: 1, maxItems: 1, description: 'The first update (exactly one).' }),
})
export type DashboardIncidentCreateBody = Static<typeof DashboardIncidentCreateBody>

/** PUT: name and impact are required; a date left out keeps its value, null clears it. */
export const DashboardIncidentChangeBody = Type.Object(incidentFields)
export type DashboardIncidentChangeBody = Static<typeof DashboardIncidentChangeBody>

const open = { additionalProperties: true }
const date = Type.String({ format: 'date-time' })

export const DashboardIncidentUpdateView = Type.Object(
  {
    id: Type.String(),
    incidentId: Type.String(),
    status: StringEnum(DASHBOARD_UPDATE_STATUSES),
    description: Type.String(),
    created_at: date,
    updated_at: Nullable(date),
  },
  open,
)
export type DashboardIncidentUpdateView = Static<typeof DashboardIncidentUpdateView>

const incidentViewFields = {
  id: Type.String(),
  name: Type.String(),
  impact: StringEnum(INCIDENT_IMPACTS),
  startedAt: Nullable(date),
  stoppedAt: Nullable(date),
  dashboardId: Type.Integer({ description: 'The dashboard given when the incident was opened here; 0 for one opened on status page services.' }),
  created_at: date,
  updated_at: Nullable(date),
}

/** After a PUT: the incident without its updates. */
export const DashboardIncidentChangedView = Type.Object(incidentViewFields, open)
export type DashboardIncidentChangedView = Static<typeof DashboardIncidentChangedView>

/** The incident with its updates, newest first. */
export const DashboardIncidentView = Type.Object({ ...incidentViewFields, incidentUpdates: Type.Array(DashboardIncidentUpdateView) }, open)
export type DashboardIncidentView = Static<typeof DashboardIncidentView>
