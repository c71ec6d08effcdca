/**
 * A dashboard's parts, wherever it is reached (path form or a host of its own): the page, the live data the
 * script fetches, the custom CSS, the key form of a private dashboard and a check's recent runs. A private
 * dashboard without its key gets the key form and nothing else: no data, no CSS, no runs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseWindow } from '../../domain/dashboard-display.js'
import type { DashboardPageService, DashboardSite } from '../../services/dashboards/dashboard-page.js'
import { errorBody, sendError } from '../../api/errors.js'
import { CSS_TYPE, pageHeaders, partHeaders } from '../document.js'
import { keyCookie, readCookie } from '../cookies.js'
import { presentDashboard } from '../dashboards/presenter.js'
import { renderDashboardPage, renderLive, renderLockedPage, renderRunsPage } from '../dashboards/view.js'
import type { SiteLinks } from '../site-links.js'
import type { WebAssets } from '../assets.js'
import { sendNotFoundPage } from './not-found.js'
import { sendCompressed } from './compressed.js'

export interface DashboardSiteDeps {
  pages: DashboardPageService
  assets: WebAssets
}

type Query = Record<string, string | undefined>

const cookieName = (site: DashboardSite) => `picket_dk_${site.dashboardId}`

export async function serveDashboard(
  deps: DashboardSiteDeps,
  site: DashboardSite,
  part: string,
  links: SiteLinks,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { pages, assets } = deps
  const assetUrl = assets.url
  const query = (request.query ?? {}) as Query
  const key = readCookie(request.headers.cookie, cookieName(site))
  const open = pages.unlocked(site, key)
  const locked = (wrongKey = false) => sendCompressed(reply.code(401).headers(pageHeaders('no-store')), renderLockedPage(links, assetUrl, wrongKey))
  const settings = site.settings

  if (request.method === 'POST') {
    if (part !== 'unlock') return sendNotFoundPage(reply, assetUrl)
    const given = (request.body as Record<string, unknown> | undefined)?.key
    const rawKey = typeof given === 'string' ? given.trim() : ''
    if (!settings.isPrivate) return reply.redirect(links.page, 303)
    if (!pages.unlocked(site, rawKey)) return locked(true)
    reply.header('set-cookie', keyCookie(cookieName(site), rawKey, links.cookiePath, request.protocol === 'https'))
    return reply.redirect(links.page, 303)
  }

  switch (part) {
    case '': {
      if (!open) return locked()
      const data = await pages.data(site, { window: parseWindow(query.window), page: query.page })
      const css = settings.customCSS ? `${links.part('custom.css')}?v=${site.version}` : null
      return sendCompressed(reply.headers(pageHeaders()), renderDashboardPage(presentDashboard(settings, data, links), { assetUrl, customCss: css }))
    }
    case 'data': {
      if (!open) return sendError(reply, errorBody(401, 'This dashboard is private: open it with its key first'))
      const data = await pages.data(site, { window: parseWindow(query.window), page: query.page })
      const view = presentDashboard(settings, data, links)
      const live = { html: renderLive(view).value, page: data.paging.page, pages: data.paging.pages, window: data.window, generatedAt: new Date(data.generatedAt).toISOString() }
      return sendCompressed(reply.headers({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' }), JSON.stringify(live))
    }
    case 'custom.css': {
      if (!open) return sendError(reply, errorBody(401, 'This dashboard is private: open it with its key first'))
      // A stylesheet, never HTML: served as text/css with nosniff, and the page's CSP admits no script at all.
      return sendCompressed(reply.headers(partHeaders(CSS_TYPE)), settings.customCSS ?? '')
    }
    default: {
      const run = /^checks\/([^/]+)$/.exec(part)
      if (!run?.[1] || !settings.showCheckRunLinks) return sendNotFoundPage(reply, assetUrl)
      if (!open) return locked()
      const found = await pages.recentRuns(site, run[1])
      if (!found) return sendNotFoundPage(reply, assetUrl)
      return sendCompressed(reply.headers(pageHeaders()), renderRunsPage(found.check, found.runs, links, assetUrl))
    }
  }
}
