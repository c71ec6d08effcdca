/** Alert channels and their subscriptions: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../services/index.js'
import { AlertChannelCreateBody, AlertChannelUpdateBody, AlertChannelView, ChannelTestResult, SubscriptionBody, SubscriptionView } from '../../domain/alert-channels/schemas.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const IdParams = Type.Object({ id: Type.String({ description: 'Alert channel id (an integer); anything else is a 404.' }) })
const ListQuery = Type.Object(PageQuery)
const tags = ['alert channels']

export async function alertChannelRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  // Requests are typed from the routes' schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const channels = services.alertChannels

  app.get(
    '/v1/alert-channels',
    { schema: { tags, summary: 'List alert channels', querystring: ListQuery, response: { 200: Type.Array(AlertChannelView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await channels.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.post(
    '/v1/alert-channels',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create an alert channel (EMAIL, WEBHOOK, SLACK or SMS)',
        body: AlertChannelCreateBody,
        response: { 201: AlertChannelView, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await channels.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get(
    '/v1/alert-channels/:id',
    { schema: { tags, summary: 'Get an alert channel', params: IdParams, response: { 200: AlertChannelView, ...errorResponses(401, 404, 429) } } },
    async (request) => channels.get(request.accountId, request.params.id),
  )

  app.put(
    '/v1/alert-channels/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update an alert channel (fields left out keep their value; type cannot change)',
        params: IdParams,
        body: AlertChannelUpdateBody,
        response: { 200: AlertChannelView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => channels.update(request.accountId, request.params.id, request.body, bodySchemaErrors(request)),
  )

  // A 204 has no body, which the provider's reply type (the schema's null) cannot express: typed by hand instead.
  fastify.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/alert-channels/:id',
    {
      schema: {
        tags,
        summary: 'Delete an alert channel and its subscriptions',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      await channels.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  app.post(
    '/v1/alert-channels/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test notification through an alert channel',
        description: 'Sends one message at once through the channel (no retries, not in the notification log) and says whether the receiver took it.',
        params: IdParams,
        response: { 200: ChannelTestResult, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => services.alertChannelTests.send(request.accountId, request.params.id),
  )

  app.put(
    '/v1/alert-channels/:id/subscriptions',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Subscribe a check or a group to an alert channel',
        description:
          'Give checkId or groupId (not both) and activated; the subscription is created or updated (activated:false keeps it but sends nothing). ' +
          "404 when the channel is unknown; 400 naming checkId or groupId when that check or group is not the account's.",
        params: IdParams,
        body: SubscriptionBody,
        response: { 200: SubscriptionView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => channels.subscribe(request.accountId, request.params.id, request.body, bodySchemaErrors(request)),
  )
}
