/**
 * What a resource's payload must satisfy (pure): the create-body schema of the resource's public route and the
 * rules its create applies (defaults, cross-field rules), so that a deploy reports every problem before it writes.
 */
import type { TSchema } from 'typebox'
import { AlertChannelCreateBody } from '../alert-channels/schemas.js'
import { buildAlertChannelDoc } from '../alert-channels/build-doc.js'
import { buildCheckDoc } from '../checks/build-doc.js'
import { bodySchema } from '../checks/check-type.js'
import { checkTypeBySegment } from '../checks/registry.js'
import { DashboardCreateBody, buildDashboardSettings } from '../dashboards.js'
import type { FieldErrorCollector } from '../errors.js'
import { buildGroupDoc } from '../groups/build-doc.js'
import { groupBodySchema } from '../groups/schema.js'
import { MaintenanceWindowCreateBody, buildMaintenanceWindowDoc } from '../maintenance.js'
import { buildPrivateLocationDoc, PrivateLocationCreateBody } from '../private-locations.js'
import { PageCreateBody } from '../status-pages/page-schemas.js'
import { ServiceBody } from '../status-pages/service-ref.js'
import { CreateVariableBody } from '../variables.js'
import type { ResourceKind, ResourcePayload } from './deploy-request.js'

const FIXED_SCHEMAS: Record<Exclude<ResourceKind, 'check'>, TSchema> = {
  'check-group': groupBodySchema(true),
  'alert-channel': AlertChannelCreateBody,
  'maintenance-window': MaintenanceWindowCreateBody,
  'status-page-service': ServiceBody,
  'status-page': PageCreateBody,
  dashboard: DashboardCreateBody,
  variable: CreateVariableBody,
  'private-location': PrivateLocationCreateBody,
}

const checkSchemas = new Map([...checkTypeBySegment].map(([segment, def]) => [segment, bodySchema(def, 'create')]))

/** The JSON schema of the create body (POST of the resource's route); undefined for a check without a known type. */
export function createBodySchema(kind: ResourceKind, checkType: string | undefined): TSchema | undefined {
  return kind === 'check' ? checkSchemas.get(checkType ?? '') : FIXED_SCHEMAS[kind]
}

/** An id for rules that need one (a check's default frequency offset); the real id is the service's to give. */
const SOME_ID = '00000000-0000-4000-8000-000000000000'

/**
 * The rules a create of this kind applies to its body, beyond the schema: problems go to `errors` or are thrown as
 * one ValidationError. Status pages, their services and variables have none that need no database.
 */
export function applyCreateRules(kind: ResourceKind, checkType: string | undefined, body: ResourcePayload, errors: FieldErrorCollector): void {
  switch (kind) {
    case 'check': {
      const def = checkTypeBySegment.get(checkType ?? '')
      if (def) buildCheckDoc({ def, id: SOME_ID, body, errors })
      return
    }
    case 'check-group':
      buildGroupDoc(body, undefined, errors)
      return
    case 'alert-channel':
      buildAlertChannelDoc(body)
      return
    case 'maintenance-window':
      buildMaintenanceWindowDoc(body)
      return
    case 'dashboard':
      buildDashboardSettings(body)
      return
    case 'private-location':
      buildPrivateLocationDoc(body)
      return
    default:
      return
  }
}
