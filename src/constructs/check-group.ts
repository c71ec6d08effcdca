/**
 * A check group (POST /v1/check-groups): props are its create body (computed from GROUP_FIELD_SPECS, name required),
 * with `alertChannels` instead of alertChannelSubscriptions and PrivateLocation or slugs in `privateLocations`.
 * Checks join it with `group: theGroup`. The config's check defaults do not apply to groups.
 */
import type { Static } from 'typebox'
import type { GROUP_FIELD_SPECS, GroupAlertChannelSubscriptions } from '../domain/groups/schema.js'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import type { AlertChannel } from './alert-channel.js'
import { subscriptionsOf } from './alert-subscriptions.js'
import { Construct, withoutUndefined } from './construct.js'
import { privateLocationSlugs, type PrivateLocation } from './private-location.js'
import type { BodyOf, Replace, Simplify, SubscriptionPayload } from './schema-types.js'

/** The create body of POST /v1/check-groups. */
export type CheckGroupBody = Simplify<BodyOf<typeof GROUP_FIELD_SPECS, 'name'> & { alertChannelSubscriptions?: Static<typeof GroupAlertChannelSubscriptions> }>

export type CheckGroupProps = Simplify<
  Omit<CheckGroupBody, 'alertChannelSubscriptions' | 'privateLocations'> & {
    alertChannels?: AlertChannel[]
    privateLocations?: Array<PrivateLocation | string> | null
  }
>

export type CheckGroupPayload = Replace<CheckGroupBody, { alertChannelSubscriptions?: SubscriptionPayload[] | null }>

export class CheckGroup extends Construct {
  readonly props: CheckGroupProps

  constructor(logicalId: string, props: CheckGroupProps) {
    super('check-group', logicalId)
    this.props = props
  }

  override references(): Construct[] {
    return [...(this.props.alertChannels ?? [])]
  }

  payload(): CheckGroupPayload {
    const { alertChannels, privateLocations, ...body } = this.props
    return withoutUndefined({
      ...body,
      privateLocations: privateLocationSlugs(privateLocations),
      alertChannelSubscriptions: subscriptionsOf(alertChannels),
    })
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: this.payload() }
  }
}
