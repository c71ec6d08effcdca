/**
 * A status page (POST /v1/status-pages): props are its create body, except that a card lists its services as
 * StatusPageService constructs (the payload holds their `$ref`s) and takes no card id (the service keeps those).
 */
import type { Static } from 'typebox'
import type { DeployResource, ResourceRef } from '../domain/projects/deploy-request.js'
import type { CardInput, PageCreateBody } from '../domain/status-pages/page-schemas.js'
import { Construct, withoutUndefined } from './construct.js'
import type { Replace, Simplify } from './schema-types.js'
import type { StatusPageService } from './status-page-service.js'

type PageBody = Static<typeof PageCreateBody>
type CardBody = Static<typeof CardInput>

export type StatusPageCard = Simplify<Omit<CardBody, 'id' | 'services'> & { services?: StatusPageService[] }>
export type StatusPageProps = Simplify<Omit<PageBody, 'cards'> & { cards?: StatusPageCard[] }>
export type StatusPagePayload = Replace<PageBody, { cards?: Array<Replace<Omit<CardBody, 'id'>, { services?: ResourceRef[] }>> }>

export class StatusPage extends Construct {
  readonly props: StatusPageProps

  constructor(logicalId: string, props: StatusPageProps) {
    super('status-page', logicalId)
    this.props = props
  }

  override references(): Construct[] {
    return (this.props.cards ?? []).flatMap((card) => card.services ?? [])
  }

  payload(): StatusPagePayload {
    const { cards, ...page } = this.props
    return withoutUndefined({
      ...page,
      cards: cards?.map(({ services, ...card }) => ({ ...card, services: services?.map((s) => s.ref()) })),
    })
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: this.payload() }
  }
}
