/**
 * Status badges for READMEs: SVG images served without an API key (route config `public`), when the owning
 * account has badgesEnabled. Still rate-limited (by client address, as no key is sent). Cached for a minute,
 * with an ETag so that revalidation is a 304 without a body.
 */
import { createHash } from 'node:crypto'
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '../../services/index.js'
import type { BadgeService } from '../../services/badges/badges.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { BADGE_STYLES, BADGE_THEMES } from '../../domain/badges/svg.js'
import { errorResponses } from '../schemas/common.js'

const tags = ['badges']

const BadgeQuery = Type.Object({
  style: Type.Optional(StringEnum(BADGE_STYLES, { default: 'flat' })),
  theme: Type.Optional(StringEnum(BADGE_THEMES, { default: 'default' })),
  responseTime: Type.Optional(Type.Boolean({ default: false, description: 'Show the latest response time (e.g. "142 ms") instead of the status' })),
})
type Query = Static<typeof BadgeQuery>

const CheckParams = Type.Object({ checkId: Type.String({ maxLength: 100 }) })
const GroupParams = Type.Object({ groupId: Type.String({ maxLength: 100 }) })

/**
 * A status changes at most once per run, and the shortest frequency is a minute: 60 s keeps README images about
 * as fresh as the data while sparing the service one render per page view.
 */
export const BADGE_CACHE_CONTROL = 'public, max-age=60'

const SvgResponse = {
  description: 'An SVG image with the current status of the check or group',
  content: { 'image/svg+xml': { schema: { type: 'string', pattern: '(<svg)([^<]*|[^>]*)' } } },
}

const schema = (summary: string, params: typeof CheckParams | typeof GroupParams) => ({
  tags,
  summary,
  description: 'No API key: served when the account has `badgesEnabled` (PUT /v1/accounts/me/settings); otherwise 404, as for an unknown id.',
  params,
  querystring: BadgeQuery,
  security: [],
  response: { 200: SvgResponse, ...errorResponses(400, 404, 429) },
})

const etagOf = (svg: string): string => `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`

/** RFC 9110 If-None-Match: `*` or a list of (possibly weak) tags, compared weakly. */
export const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })

async function sendBadge(request: FastifyRequest, reply: FastifyReply, svg: string): Promise<FastifyReply> {
  const etag = etagOf(svg)
  reply.header('cache-control', BADGE_CACHE_CONTROL).header('etag', etag)
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
  // Opened directly in a browser, an SVG is a document: no scripts, no outside resources.
  return reply
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .type('image/svg+xml; charset=utf-8')
    .send(svg)
}

const optionsOf = (q: Query) => ({ style: q.style ?? 'flat', theme: q.theme ?? 'default', responseTime: q.responseTime ?? false })

export async function badgeRoutes(app: FastifyInstance, services: Pick<Services, 'badges'>): Promise<void> {
  const badges: BadgeService = services.badges
  app.get<{ Params: Static<typeof CheckParams>; Querystring: Query }>(
    '/v1/badges/checks/:checkId',
    { config: { public: true }, schema: schema('Get the status badge of a check (SVG, no API key)', CheckParams) },
    async (request, reply) => sendBadge(request, reply, await badges.checkBadge(request.params.checkId, optionsOf(request.query))),
  )
  app.get<{ Params: Static<typeof GroupParams>; Querystring: Query }>(
    '/v1/badges/groups/:groupId',
    { config: { public: true }, schema: schema('Get the status badge of a check group (SVG, no API key)', GroupParams) },
    async (request, reply) => sendBadge(request, reply, await badges.groupBadge(request.params.groupId, optionsOf(request.query))),
  )
}
