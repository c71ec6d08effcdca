/**
 * A status page service (POST /v1/status-pages/services): what a status page card shows and what a check's
 * `triggerIncident` opens an incident on. Props are its create body.
 */
import type { Static } from 'typebox'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import type { ServiceBody } from '../domain/status-pages/service-ref.js'
import { Construct, withoutUndefined } from './construct.js'

export type StatusPageServiceProps = Static<typeof ServiceBody>

export class StatusPageService extends Construct {
  readonly props: StatusPageServiceProps

  constructor(logicalId: string, props: StatusPageServiceProps) {
    super('status-page-service', logicalId)
    this.props = props
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ ...this.props }) }
  }
}
