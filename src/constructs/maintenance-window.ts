/** A maintenance window (POST /v1/maintenance-windows): props are its create body (MaintenanceWindowCreateBody). */
import type { Static } from 'typebox'
import type { MaintenanceWindowCreateBody } from '../domain/maintenance.js'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import { Construct, withoutUndefined } from './construct.js'

export type MaintenanceWindowProps = Static<typeof MaintenanceWindowCreateBody>

export class MaintenanceWindow extends Construct {
  readonly props: MaintenanceWindowProps

  constructor(logicalId: string, props: MaintenanceWindowProps) {
    super('maintenance-window', logicalId)
    this.props = props
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ ...this.props }) }
  }
}
