/**
 * Monitoring as code: what `picket deploy` sends and what the service answers. A project (its logical
 * id, unique in the account) owns the resources it deployed, each under its own logical id. The constructs
 * (src/constructs/) turn the project's files into `resources`; the service (services/projects/) compares them with
 * what the project deployed last and creates, updates and deletes resources in one transaction.
 *
 * A resource's `payload` is the body of the resource's create call in the public API (the same schema: POST
 * /v1/checks/{checkType}, /v1/check-groups, /v1/alert-channels, /v1/maintenance-windows, /v1/status-pages/services,
 * /v1/status-pages, /v1/dashboards, /v1/variables), except that where that body takes the id of another resource of
 * the same project it holds a reference, `{ "$ref": "<kind>:<logicalId>" }`, which the service replaces with the id.
 * Private locations (POST /v1/private-locations) are deployed before the checks and groups that name them; those
 * name them by slugName (or id) in `privateLocations`, as the API does, so no reference is needed.
 *
 * References: check `groupId` → check-group; check and group `alertChannelSubscriptions[].alertChannelId` →
 * alert-channel; check `triggerIncident.serviceId` → status-page-service; status page `cards[].services[]` →
 * status-page-service. A variable's id is its key.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'

/** Resource kinds in the order a deploy creates and updates them (a kind refers only to kinds before it); deletes go in reverse. */
export const RESOURCE_KINDS = [
  'variable',
  'private-location',
  'alert-channel',
  'status-page-service',
  'check-group',
  'check',
  'maintenance-window',
  'status-page',
  'dashboard',
] as const
export type ResourceKind = (typeof RESOURCE_KINDS)[number]

/** Check segments of POST /v1/checks/{segment} that a project may deploy. */
export const PROJECT_CHECK_TYPES = ['api', 'browser', 'multistep', 'playwright', 'heartbeat', 'tcp', 'url', 'dns', 'icmp', 'grpc', 'ssl', 'traceroute', 'agentic'] as const
export type ProjectCheckType = (typeof PROJECT_CHECK_TYPES)[number]

/** Logical ids: what people write in code; kept to characters that read well in a diff and a URL. */
export const LOGICAL_ID_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_.:@/-]*$'
const LogicalId = Type.String({ minLength: 1, maxLength: 255, pattern: LOGICAL_ID_PATTERN })

export const MAX_PROJECT_RESOURCES = 2000

/** A reference to another resource of the same project: `{ "$ref": "check-group:backend" }`. */
export const REF_KEY = '$ref'
export type ResourceRef = { $ref: `${ResourceKind}:${string}` }
export const refTo = (kind: ResourceKind, logicalId: string): ResourceRef => ({ $ref: `${kind}:${logicalId}` })

export const DeployResourceSchema = Type.Object({
  kind: StringEnum(RESOURCE_KINDS),
  logicalId: LogicalId,
  /** Only for kind 'check': the segment of POST /v1/checks/{checkType}. */
  checkType: Type.Optional(StringEnum(PROJECT_CHECK_TYPES)),
  payload: Type.Record(Type.String(), Type.Unknown()),
})
export type DeployResource = Static<typeof DeployResourceSchema>
/**
 * A resource's payload: JSON whose shape is its kind's create body (the deploy checks it against that schema), so
 * what a deploy does with it before the resource's service types it is walk it as JSON.
 */
export type ResourcePayload = DeployResource['payload']

export const DeployRequestSchema = Type.Object({
  project: Type.Object({ logicalId: LogicalId, name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
  resources: Type.Array(DeployResourceSchema, { maxItems: MAX_PROJECT_RESOURCES }),
})
export type DeployRequest = Static<typeof DeployRequestSchema>

export type ChangeAction = 'create' | 'update' | 'delete' | 'unchanged'

/** One line of a plan: what a deploy does (did) to one resource. */
export interface ResourceChange {
  kind: ResourceKind
  logicalId: string
  action: ChangeAction
  /** The resource's id in the API (null for a create in a preview). Variables: their key. */
  id: string | number | null
  /** update: the top-level payload fields that differ from what the project deployed last (or ['(changed outside the project)']). */
  fields?: string[]
}

export interface DeployResponse {
  project: { id: string; logicalId: string; name: string }
  preview: boolean
  changes: ResourceChange[]
  summary: Record<ChangeAction, number>
}
