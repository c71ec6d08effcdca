/**
 * The hosted service's maintenance windows and private locations. A MaintenanceWindow takes its instants as Date
 * objects (ISO strings here, as the API takes them). A PrivateLocation in the vendor's projects is created by the
 * project (`new PrivateLocation(id, { name, slugName })`); Picket's private locations are created in the service
 * and named by slug, so the construct here is that reference: it is never deployed and serialises to its slug.
 */
import { MaintenanceWindow as PicketMaintenanceWindow, type MaintenanceWindowProps as PicketWindowProps } from '../maintenance-window.js'
import type { Simplify } from '../schema-types.js'

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

export class PrivateLocation {
  readonly logicalId: string
  readonly slug: string

  constructor(logicalId: string, props: PrivateLocationProps) {
    this.logicalId = logicalId
    this.slug = props.slugName
  }

  toJSON(): string {
    return this.slug
  }

  toString(): string {
    return this.slug
  }
}
