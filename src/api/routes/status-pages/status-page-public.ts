/**
 * The public links of status page subscriber e-mails, outside /v1 and without API credentials (the token in the
 * link is the credential), rate limited per client address:
 * - GET  /status-pages/{id}/subscriptions/verify?token=…       confirms the subscription (HTML page; 404 page if unknown)
 * - GET  /status-pages/{id}/subscriptions/unsubscribe?token=…  a confirmation page with a button that POSTs
 * - POST /status-pages/{id}/subscriptions/unsubscribe?token=…  removes the subscriber (one-click, RFC 8058); idempotent
 * Any POST body is accepted and ignored (mail clients send `List-Unsubscribe=One-Click` as a form).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Services } from '../../../services/index.js'
import { isTokenShape } from '../../../domain/status-pages/subscriber-links.js'
import { confirmedPage, notFoundPage, unsubscribedPage, unsubscribePromptPage, type HtmlPage } from '../../../domain/status-pages/subscriber-pages.js'

/** Requests per minute and client address on these routes. */
export const PUBLIC_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 }

type LinkRequest = { Params: { statusPageId: string }; Querystring: { token?: string } }

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"

const sendPage = (reply: FastifyReply, page: HtmlPage) =>
  reply
    .code(page.status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send(page.html)

const schema = (summary: string) => ({ tags: ['status pages'], summary, security: [], hide: false })
// Counted apart from the API's per-key limit (which skips paths outside /v1), by the client address.
const config = { rateLimit: { ...PUBLIC_LINK_RATE_LIMIT, allowList: () => false, groupId: 'status-page-links' } }

export async function statusPagePublicRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const links = services.statusPageSubscribers
  const base = '/status-pages/:statusPageId/subscriptions'
  const tokenOf = (q: { token?: unknown }): string | null => (isTokenShape(q.token) ? q.token : null)

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined))

    scope.get<LinkRequest>(`${base}/verify`, { schema: schema('Confirm a subscription from the link of the verification e-mail (no API key)'), config }, async (request, reply) => {
      const token = tokenOf(request.query)
      const done = token === null ? null : await links.verify(request.params.statusPageId, token)
      return sendPage(reply, done ? confirmedPage(done.pageName) : notFoundPage('verify'))
    })

    scope.get<LinkRequest>(`${base}/unsubscribe`, { schema: schema('Show the unsubscribe confirmation (no API key)'), config }, async (request, reply) => {
      const token = tokenOf(request.query)
      const target = token === null ? null : await links.unsubscribeTarget(request.params.statusPageId, token)
      if (!target || token === null) return sendPage(reply, notFoundPage('unsubscribe'))
      const action = `/status-pages/${encodeURIComponent(request.params.statusPageId)}/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`
      return sendPage(reply, unsubscribePromptPage(target.pageName, target.address, action))
    })

    scope.post<LinkRequest>(`${base}/unsubscribe`, { schema: schema('Unsubscribe (one-click from mail clients; no API key)'), config }, async (request, reply) => {
      const token = tokenOf(request.query)
      if (token === null) return sendPage(reply, notFoundPage('unsubscribe'))
      const done = await links.unsubscribe(request.params.statusPageId, token)
      return sendPage(reply, unsubscribedPage(done?.pageName ?? null))
    })
  })
}
