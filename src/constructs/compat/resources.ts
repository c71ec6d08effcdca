/**
 * The hosted service's maintenance windows and private locations. A MaintenanceWindow takes its instants as Date
 * objects (ISO strings here, as the API takes them). A PrivateLocation in the vendor's projects is created by the
 * project (`new PrivateLocation(id, { name, slugName })`), and so it is here: it deploys as the project's private
 * location, before the checks and groups that name it, and serialises to its slug where they list it.
 */
import { MaintenanceWindow as PicketMaintenanceWindow, type MaintenanceWindowProps as PicketWindowProps } from '../maintenance-window.js'
import type { Simplify } from '../schema-types.js'
import { Construct, withoutUndefined } from '../construct.js'
import type { DeployResource } from '../../domain/projects/deploy-request.js'

type Instant = string | Date

export type MaintenanceWindowProps = Simplify<
  Omit<PicketWindowProps, 'startsAt' | 'endsAt' | 'repeatEndsAt'> & { startsAt: Instant; endsAt: Instant; repeatEndsAt?: Instant | null }
>

const iso = (value: Instant): string => (value instanceof Date ? value.toISOString() : value)

export class MaintenanceWindow extends PicketMaintenanceWindow {
  constructor(logicalId: string, props: MaintenanceWindowProps) {
    const { startsAt, endsAt, repeatEndsAt, ...rest } = props
    super(logicalId, {
      ...rest,
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
      ...(repeatEndsAt === undefined ? {} : { repeatEndsAt: repeatEndsAt === null ? null : iso(repeatEndsAt) }),
    })
  }
}

export interface PrivateLocationProps {
  name: string
  slugName: string
  icon?: string
  proxyUrl?: string
}

export class PrivateLocation extends Construct {
  readonly slug: string
  readonly props: PrivateLocationProps

  constructor(logicalId: string, props: PrivateLocationProps) {
    super('private-location', logicalId)
    this.slug = props.slugName
    this.props = props
  }

  toResource(): DeployResource {
    const { name, slugName, icon, proxyUrl } = this.props
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ name, slugName, icon, proxyUrl }) }
  }

  toJSON(): string {
    return this.slug
  }

  override toString(): string {
    return this.slug
  }
}
