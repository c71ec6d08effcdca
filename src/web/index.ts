/**
 * The public pages, outside the API and without API keys: dashboards and status pages, at their path form
 * (/dashboards/{customUrl}, /status-pages/{url}) and at hosts of their own (a subdomain of the configured base
 * domains, or a custom domain), plus the pages' stylesheet and scripts at /-/web/. Rate limited per client
 * address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { classifyHost, type SiteDomains } from '../domain/site-hosts.js'
import type { DashboardPageService } from '../services/dashboards/dashboard-page.js'
import type { StatusPagePageService } from '../services/status-pages/status-page-page.js'
import { loadWebAssets } from './assets.js'
import { hostLinks, pathLinks } from './site-links.js'
import { serveDashboard } from './routes/dashboard-site.js'
import { serveStatusPage } from './routes/status-page-site.js'
import { sendNotFoundPage } from './routes/not-found.js'
import { sendCompressed } from './routes/compressed.js'
import { installFavicon } from './routes/favicon.js'
import { installConsole } from './console.js'

export interface WebDeps {
  dashboardPages: DashboardPageService
  statusPagePages: StatusPagePageService
  domains: SiteDomains
  /** Requests per window and client address on the public pages (default 600 a minute). */
  rateLimit?: { max: number; windowMs: number }
  /** Where the built console is (default console/dist). */
  consoleDir?: string
}

const hide = { hide: true }
/** The largest form the pages take (a key, an e-mail address). */
const FORM_LIMIT = 8 * 1024

export async function installWeb(app: FastifyInstance, deps: WebDeps): Promise<void> {
  const assets = loadWebAssets()
  const limit = deps.rateLimit ?? { max: 600, windowMs: 60_000 }
  const config = { rateLimit: { max: limit.max, timeWindow: limit.windowMs, allowList: () => false, groupId: 'public-pages' } }
  const dashboards = { pages: deps.dashboardPages, assets }
  const statusPages = { pages: deps.statusPagePages, assets }

  const byHost = async (request: FastifyRequest, reply: FastifyReply, part: string): Promise<FastifyReply | undefined> => {
    const target = classifyHost(request.headers.host, deps.domains)
    if (!target) return undefined
    if (target.kind === 'dashboard') {
      const site = await deps.dashboardPages.find({ customUrl: target.customUrl })
      return site ? serveDashboard(dashboards, site, part, hostLinks, request, reply) : sendNotFoundPage(reply, assets.url, 'dashboard')
    }
    if (target.kind === 'status-page') {
      const site = await deps.statusPagePages.find({ url: target.url })
      return site ? serveStatusPage(statusPages, site, part, hostLinks, request, reply) : sendNotFoundPage(reply, assets.url, 'status page')
    }
    const dashboard = await deps.dashboardPages.find({ customDomain: target.domain })
    if (dashboard) return serveDashboard(dashboards, dashboard, part, hostLinks, request, reply)
    const page = await deps.statusPagePages.find({ customDomain: target.domain })
    if (page) return serveStatusPage(statusPages, page, part, hostLinks, request, reply)
    return undefined
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })

    scope.get<{ Params: { name: string } }>('/-/web/:name', { schema: hide }, async (request, reply) => {
      const asset = assets.get(request.params.name)
      if (!asset) return sendNotFoundPage(reply, assets.url)
      const versioned = (request.query as { v?: string }).v === asset.hash
      reply.headers({
        'content-type': asset.type,
        'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag: `"${asset.hash}"`,
        'x-content-type-options': 'nosniff',
      })
      return sendCompressed(reply, asset.body, asset.encoded)
    })
    installFavicon(scope, assets, config)

    type DashboardParams = { Params: { customUrl: string; '*'?: string } }
    const dashboardRoute = async (request: FastifyRequest<DashboardParams>, reply: FastifyReply) => {
      const customUrl = request.params.customUrl.toLowerCase()
      const site = await deps.dashboardPages.find({ customUrl })
      if (!site) return sendNotFoundPage(reply, assets.url, 'dashboard')
      return serveDashboard(dashboards, site, request.params['*'] ?? '', pathLinks(`/dashboards/${encodeURIComponent(customUrl)}`), request, reply)
    }
    scope.get<DashboardParams>('/dashboards/:customUrl', { schema: hide, config }, dashboardRoute)
    scope.route<DashboardParams>({ method: ['GET', 'POST'], url: '/dashboards/:customUrl/*', schema: hide, config, handler: dashboardRoute })

    type PageParams = { Params: { statusPageId: string; '*'?: string } }
    const statusPageRoute = async (request: FastifyRequest<PageParams>, reply: FastifyReply) => {
      const url = request.params.statusPageId.toLowerCase()
      const site = await deps.statusPagePages.find({ url })
      if (!site) return sendNotFoundPage(reply, assets.url, 'status page')
      return serveStatusPage(statusPages, site, request.params['*'] ?? '', pathLinks(`/status-pages/${encodeURIComponent(url)}`), request, reply)
    }
    // The parameter is the page's url slug; it shares its name with the subscriber links' routes beside it.
    scope.get<PageParams>('/status-pages/:statusPageId', { schema: hide, config }, statusPageRoute)
    scope.route<PageParams>({ method: ['GET', 'POST'], url: '/status-pages/:statusPageId/*', schema: hide, config, handler: statusPageRoute })

    // The service's own host shows the console at / and at its own paths; a page's host shows that page.
    const consolePage = await installConsole(scope, {
      ...(deps.consoleDir ? { dir: deps.consoleDir } : {}),
      sitePage: (request, reply) => byHost(request, reply, request.url.slice(1).split('?')[0] ?? ''),
    })
    scope.get('/', { schema: hide, config }, async (request, reply) => (await byHost(request, reply, '')) ?? consolePage.send(reply))
    scope.route<{ Params: { '*': string } }>({
      method: ['GET', 'POST'],
      url: '/_site/*',
      schema: hide,
      config,
      handler: async (request, reply) => (await byHost(request, reply, request.params['*'])) ?? sendNotFoundPage(reply, assets.url),
    })
  })
}
