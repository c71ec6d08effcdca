/** A dashboard (POST /v1/dashboards): props are its create body (DashboardCreateBody). */
import type { Static } from 'typebox'
import type { DashboardCreateBody } from '../domain/dashboards.js'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import { Construct, withoutUndefined } from './construct.js'

export type DashboardProps = Static<typeof DashboardCreateBody>

export class Dashboard extends Construct {
  readonly props: DashboardProps

  constructor(logicalId: string, props: DashboardProps) {
    super('dashboard', logicalId)
    this.props = props
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ ...this.props }) }
  }
}
