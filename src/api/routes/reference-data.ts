/** Runtimes, locations and source addresses: HTTP routes. Like every /v1 route they need the API key. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { PublicLocationSchema } from '../../domain/locations.js'
import { RuntimeSchema } from '../../domain/runtimes.js'
import type { IpFamily } from '../../services/reference-data.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'

const RuntimeParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'The runtime name, e.g. 2026.04.' }) })

const FAMILIES: Array<{ family: IpFamily; segment: string; label: string }> = [
  { family: 'ipv4', segment: 'static-ips', label: 'IPv4 addresses' },
  { family: 'ipv6', segment: 'static-ipv6s', label: 'IPv6 addresses' },
]

export async function referenceDataRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const data = services.referenceData
  const tags = ['reference data']

  app.get('/v1/runtimes', { schema: { tags, summary: 'List the runtimes', response: { 200: Type.Array(RuntimeSchema), ...errorResponses(401, 429) } } }, async () =>
    data.runtimes(),
  )

  app.get<{ Params: { id: string } }>(
    '/v1/runtimes/:id',
    { schema: { tags, summary: 'Get one runtime with its packages', params: RuntimeParams, response: { 200: RuntimeSchema, ...errorResponses(401, 404, 429) } } },
    async (request) => data.runtime(request.params.id),
  )

  app.get(
    '/v1/locations',
    { schema: { tags, summary: 'List the data-center locations', response: { 200: Type.Array(PublicLocationSchema), ...errorResponses(401, 429) } } },
    async () => data.locations(),
  )

  for (const { family, segment, label } of FAMILIES) {
    app.get(
      `/v1/${segment}-by-region`,
      {
        schema: {
          tags,
          summary: `List the source ${label} of check runs by region`,
          response: { 200: Type.Record(Type.String(), Type.Array(Type.String())), ...errorResponses(401, 429) },
        },
      },
      async () => data.staticIpsByRegion(family),
    )
    app.get(
      `/v1/${segment}`,
      {
        schema: {
          tags,
          summary: `List every source ${label.replace('addresses', 'address')} of check runs once`,
          response: { 200: Type.Array(Type.String()), ...errorResponses(401, 429) },
        },
      },
      async () => data.staticIps(family),
    )
    app.get(
      `/v1/${segment}.txt`,
      {
        schema: {
          tags,
          summary: `List the source ${label} of check runs as text, one per line`,
          response: { 200: { description: 'One address per line', content: { 'text/plain': { schema: Type.String() } } }, ...errorResponses(401, 429) },
        },
      },
      async (_request, reply) => reply.type('text/plain; charset=utf-8').send(data.staticIpsText(family)),
    )
  }
}
