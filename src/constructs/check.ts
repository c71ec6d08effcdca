/**
 * The base of the check constructs. A check's props are the create body of POST /v1/checks/{segment} for its type
 * (computed from the type's field specs, see schema-types.ts), except that the fields holding ids of other resources
 * take the constructs instead: `group` (groupId), `alertChannels` (alertChannelSubscriptions), `privateLocations`
 * (PrivateLocation or slug) and `triggerIncident.service` (serviceId). The payload holds `$ref`s there.
 */
import type { Static } from 'typebox'
import type { TriggerIncident } from '../domain/checks/shared-schemas.js'
import type { DeployResource, ProjectCheckType, ResourceRef } from '../domain/projects/deploy-request.js'
import type { AlertChannel } from './alert-channel.js'
import { subscriptionsOf } from './alert-subscriptions.js'
import type { CheckGroup } from './check-group.js'
import { Construct, withoutUndefined, type SerializeContext } from './construct.js'
import { privateLocationSlugs, type PrivateLocation } from './private-location.js'
import type { CheckDefaults } from './project-config.js'
import type { CheckBody, CheckDefShape, Replace, Simplify, SubscriptionPayload, TriggerIncidentPayload } from './schema-types.js'
import type { StatusPageService } from './status-page-service.js'

/** Body fields that hold ids; the props take constructs instead. */
type IdFields = 'groupId' | 'alertChannelSubscriptions' | 'privateLocations' | 'triggerIncident'

export type TriggerIncidentProps = Simplify<Omit<Static<typeof TriggerIncident>, 'serviceId'> & { service: StatusPageService }>

export interface CheckReferenceProps {
  /** The check's group (groupId). */
  group?: CheckGroup
  /** Channels the check alerts, each subscribed and activated (alertChannelSubscriptions). */
  alertChannels?: AlertChannel[]
  privateLocations?: Array<PrivateLocation | string> | null
  /** Opens an incident on a status page service when the check fails. */
  triggerIncident?: TriggerIncidentProps | null
}

/** The props of a check construct: its type's create body with references for the id fields. */
export type CheckProps<D extends CheckDefShape> = Simplify<Omit<CheckBody<D>, IdFields> & CheckReferenceProps>

/** The payload of a check resource: its create body with `$ref`s where the ids were. */
export type CheckPayload<D extends CheckDefShape> = Replace<
  CheckBody<D>,
  {
    groupId?: ResourceRef | null
    alertChannelSubscriptions?: SubscriptionPayload[] | null
    triggerIncident?: TriggerIncidentPayload | null
  }
>

/** The config defaults a check may take (see CheckDefaults). */
export type DefaultField = 'locations' | 'privateLocations' | 'frequency' | 'runtimeId' | 'alertChannels' | 'activated' | 'muted' | 'tags'
export const ALL_DEFAULTS: readonly DefaultField[] = ['locations', 'privateLocations', 'frequency', 'runtimeId', 'alertChannels', 'activated', 'muted', 'tags']

/** What a check construct tells the base about its type. */
export interface CheckTypeInfo {
  checkType: ProjectCheckType
  /** The frequencies the type allows (null: any); a config default outside them is not applied. */
  frequencies: readonly number[] | null
  /** The config defaults that apply to the type. */
  defaults?: readonly DefaultField[]
}

type BodyInput = CheckReferenceProps & Record<string, unknown>

const unique = (values: readonly string[]): string[] => [...new Set(values)]

export abstract class Check extends Construct {
  readonly checkType: ProjectCheckType
  private readonly info: CheckTypeInfo
  private readonly input: BodyInput

  protected constructor(logicalId: string, info: CheckTypeInfo, input: BodyInput) {
    super('check', logicalId)
    this.checkType = info.checkType
    this.info = info
    this.input = input
  }

  override references(): Construct[] {
    const { group, alertChannels, triggerIncident } = this.input
    return [...(group ? [group] : []), ...(alertChannels ?? []), ...(triggerIncident ? [triggerIncident.service] : [])]
  }

  /** The config defaults as they apply to this type (browser checks merge their own). */
  protected defaultsOf(defaults: CheckDefaults | undefined): CheckDefaults {
    return defaults ?? {}
  }

  /** Body fields the type computes itself (a browser check's script from its code). */
  protected computedFields(): Record<string, unknown> {
    return {}
  }

  /** The create body with `$ref`s, the config defaults applied to the fields the check leaves out. */
  payload(context: SerializeContext = {}): Record<string, unknown> {
    const { group, alertChannels, privateLocations, triggerIncident, ...body } = this.input
    const defaults = this.defaultsOf(context.defaults)
    const applies = new Set(this.info.defaults ?? ALL_DEFAULTS)
    const payload: Record<string, unknown> = { ...body }
    const fill = (field: DefaultField, value: unknown) => {
      if (applies.has(field) && payload[field] === undefined && value !== undefined) payload[field] = value
    }
    fill('locations', defaults.locations && [...defaults.locations])
    const frequencies = this.info.frequencies
    if (defaults.frequency !== undefined && (frequencies === null || frequencies.includes(defaults.frequency))) fill('frequency', defaults.frequency)
    fill('runtimeId', defaults.runtimeId)
    fill('activated', defaults.activated)
    fill('muted', defaults.muted)
    if (applies.has('tags') && defaults.tags !== undefined && defaults.tags.length > 0) {
      payload.tags = unique([...defaults.tags, ...((body.tags as string[] | null | undefined) ?? [])])
    }
    payload.privateLocations = privateLocationSlugs(privateLocations !== undefined || !applies.has('privateLocations') ? privateLocations : defaults.privateLocations)
    payload.alertChannelSubscriptions = subscriptionsOf(alertChannels !== undefined || !applies.has('alertChannels') ? alertChannels : defaults.alertChannels)
    if (group) payload.groupId = group.ref()
    if (triggerIncident) {
      const { service, ...incident } = triggerIncident
      payload.triggerIncident = { serviceId: service.ref(), ...incident }
    } else if (triggerIncident === null) payload.triggerIncident = null
    return withoutUndefined({ ...payload, ...this.computedFields() })
  }

  toResource(context: SerializeContext = {}): DeployResource {
    return { kind: 'check', logicalId: this.logicalId, checkType: this.checkType, payload: this.payload(context) }
  }
}
