/**
 * A status page's parts, wherever it is reached (path form or a host of its own): the page (`?page=N` pages its
 * history), the RSS and Atom feeds, the theme stylesheet and the "get updates" form. A private page answers 403
 * with nothing of its content (private pages need the console's sign-in) and has no feeds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ownValue } from '../../lib/own-keys.js'
import type { StatusPagePageService, StatusPageSite } from '../../services/status-pages/status-page-page.js'
import { CSS_TYPE, pageHeaders, partHeaders } from '../document.js'
import type { SiteLinks } from '../site-links.js'
import type { WebAssets } from '../assets.js'
import { atomFeed, rssFeed } from '../status-pages/feed.js'
import { presentStatusPage, SUBSCRIBED_NOTICE, type PresentOptions } from '../status-pages/presenter.js'
import { themeCss } from '../status-pages/theme-css.js'
import { presentIncidentPage, renderIncidentPage } from '../status-pages/incident-page.js'
import { renderPrivatePage, renderStatusPage } from '../status-pages/view.js'
import { sendNotFoundPage } from './not-found.js'
import { sendCompressed } from './compressed.js'

export interface StatusPageSiteDeps {
  pages: StatusPagePageService
  assets: WebAssets
}

type Query = Record<string, string | undefined>

const FEEDS: Readonly<Record<string, { type: string; render: typeof rssFeed }>> = {
  'feed.rss': { type: 'application/rss+xml; charset=utf-8', render: rssFeed },
  'feed.atom': { type: 'application/atom+xml; charset=utf-8', render: atomFeed },
}

export async function serveStatusPage(
  deps: StatusPageSiteDeps,
  site: StatusPageSite,
  part: string,
  links: SiteLinks,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { pages, assets } = deps
  const assetUrl = assets.url
  const query = (request.query ?? {}) as Query
  // The part is the rest of the URL: a plain lookup would take `constructor` or `toString` for a feed.
  const feed = ownValue(FEEDS, part)
  const incidentId = /^incidents\/([0-9a-fA-F-]{36})$/.exec(part)?.[1]
  const known = part === '' || part === 'theme.css' || part === 'subscribe' || feed !== undefined || incidentId !== undefined
  if (!known || (request.method === 'POST' && part !== 'subscribe')) return sendNotFoundPage(reply, assetUrl)
  if (site.doc.isPrivate) {
    if (feed) return sendNotFoundPage(reply, assetUrl)
    return sendCompressed(reply.code(403).headers(pageHeaders('no-store')), renderPrivatePage(assetUrl))
  }

  const page = async (code: number, options: PresentOptions) => {
    const data = await pages.data(site, { page: query.page })
    return sendCompressed(reply.code(code).headers(pageHeaders()), renderStatusPage(presentStatusPage(site.doc, site.version, data, links, options), assetUrl))
  }

  if (feed) {
    const origin = `${request.protocol}://${request.host}`
    const { incidents, generatedAt } = await pages.feed(site)
    const body = feed.render({ title: site.doc.name, pageUrl: `${origin}${links.page}`, selfUrl: `${origin}${links.part(part)}`, incidents, generatedAt })
    return sendCompressed(reply.headers(partHeaders(feed.type)), body)
  }

  if (incidentId !== undefined) {
    const found = await pages.incident(site, incidentId.toLowerCase())
    if (!found) return sendNotFoundPage(reply, assetUrl, 'incident')
    return sendCompressed(reply.headers(pageHeaders()), renderIncidentPage(presentIncidentPage(site.doc, site.version, found, links), assetUrl))
  }

  switch (part) {
    case 'theme.css':
      // A stylesheet of validated hex colours only, served as text/css with nosniff.
      return sendCompressed(reply.headers(partHeaders(CSS_TYPE)), themeCss(site.doc.themeColors))
    case 'subscribe': {
      if (request.method !== 'POST') return reply.redirect(links.page, 303)
      const body = request.body
      const email = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined
      const outcome = await pages.subscribe(site, email)
      if (outcome.status === 'ok') return reply.redirect(`${links.page}?subscribed=1`, 303)
      if (outcome.status === 'gone') return sendNotFoundPage(reply, assetUrl, 'status page')
      return page(400, { notice: { text: outcome.problem, error: true }, email: typeof email === 'string' ? email.slice(0, 254) : '' })
    }
    default:
      return page(200, { notice: query.subscribed === '1' ? { text: SUBSCRIBED_NOTICE, error: false } : null })
  }
}
