/** Status page subscriptions: HTTP routes (registered by statusPageRoutes). */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SUBSCRIPTION_STATUSES } from '../../../domain/status-pages/enums.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { BulkSubscriptionBody, SubscriptionCreateBody, SubscriptionView } from '../../../domain/status-pages/subscription-schemas.js'
import type { StatusPageService } from '../../../services/status-pages/status-pages.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'
import { bodySchemaErrors } from '../../validation.js'

const PageParams = Type.Object({ statusPageId: Type.String({ maxLength: 100, description: 'Status page id (UUID).' }) })
const Params = Type.Object({
  statusPageId: Type.String({ maxLength: 100, description: 'Status page id (UUID).' }),
  subscriptionId: Type.String({ maxLength: 100, description: 'Subscription id (UUID).' }),
})
const ListQuery = Type.Object(PageQuery)
const BulkResponse = Type.Object({
  created: Type.Integer({ description: 'Subscribers added.' }),
  skipped: Type.Integer({ description: 'Addresses left out: invalid, repeated in the call, or already subscribed.' }),
  status: StringEnum(SUBSCRIPTION_STATUSES, { description: 'Status of the added subscribers.' }),
})

export async function statusPageSubscriptionRoutes(fastify: FastifyInstance, pages: StatusPageService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['status pages']
  const path = '/v1/status-pages/:statusPageId/subscriptions'

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "List a status page's subscribers",
        params: PageParams,
        querystring: ListQuery,
        response: { 200: Type.Array(SubscriptionView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { limit, page } = request.query
      const { items, total } = await pages.listSubscriptions(request.accountId, request.params.statusPageId, { limit, page })
      return sendPage(request, reply, page, limit, items, total)
    },
  )

  app.post(
    path,
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Subscribe one e-mail address (PENDING until confirmed)',
        params: PageParams,
        body: SubscriptionCreateBody,
        response: { 201: SubscriptionView, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await pages.subscribe(request.accountId, request.params.statusPageId, request.body, bodySchemaErrors(request))),
  )

  app.post(
    `${path}/bulk`,
    {
      schema: {
        tags,
        summary: 'Subscribe up to 100 e-mail addresses; invalid and already subscribed ones are skipped',
        params: PageParams,
        body: BulkSubscriptionBody,
        response: { 201: BulkResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await pages.bulkSubscribe(request.accountId, request.params.statusPageId, request.body)),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.

  fastify.delete<{ Params: Static<typeof Params> }>(
    `${path}/:subscriptionId`,
    { schema: { tags, summary: 'Remove a subscriber', params: Params, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await pages.unsubscribe(request.accountId, request.params.statusPageId, request.params.subscriptionId)
      return reply.code(204).send()
    },
  )
}
