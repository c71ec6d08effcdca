/**
 * One incident of a status page on a page of its own (linked from its heading and from the feeds): its severity,
 * status, services and every update, titled "<incident> · <page> status" so that a tab or a shared link names it.
 */
import type { PageDoc } from '../../domain/status-pages/page-rules.js'
import type { PublicIncident } from '../../services/status-pages/status-page-data.js'
import { renderDocument } from '../document.js'
import { html, safeUrl } from '../html.js'
import { withQuery, type SiteLinks } from '../site-links.js'
import { presentIncident, type IncidentView } from './presenter.js'
import { isPalette } from './theme-css.js'
import { header } from './view.js'

export interface IncidentPageView {
  title: string
  page: { name: string; description: string | null; logo: string | null; logoDark: string | null; link: string | null; href: string }
  favicon: string | null
  bodyClass: string
  theme: string | null
  incident: IncidentView
}

export function presentIncidentPage(doc: PageDoc, version: number, i: PublicIncident, links: SiteLinks): IncidentPageView {
  const palette = doc.themeColors !== null && (isPalette(doc.themeColors.light) || isPalette(doc.themeColors.dark))
  return {
    title: `${i.name} · ${doc.name} status`,
    page: { name: doc.name, description: null, logo: safeUrl(doc.logo), logoDark: safeUrl(doc.logoDark), link: safeUrl(doc.redirectTo), href: links.page },
    favicon: safeUrl(doc.favicon),
    bodyClass: `status-page ${(doc.defaultTheme ?? 'AUTO').toLowerCase()}${palette ? ' palette' : ''}`,
    theme: doc.themeColors ? withQuery(links.part('theme.css'), { v: version }) : null,
    incident: presentIncident(i, links),
  }
}

export function renderIncidentPage(v: IncidentPageView, assetUrl: (name: string) => string): string {
  const i = v.incident
  return renderDocument(
    {
      title: v.title,
      favicon: v.favicon,
      stylesheets: v.theme ? [v.theme] : [],
      bodyClass: v.bodyClass,
      body: html`<div class="wrap">${header(v.page)}
<main><p><a href="${v.page.href}">‹ ${v.page.name} status</a></p>
<article class="sp-incident severity-${i.severity}${i.resolved ? ' resolved' : ''}" id="${i.anchor}"><h2>${i.name}</h2>
<p class="meta">${i.meta}</p>
<ol class="updates">${i.updates.map((u) => html`<li><span class="u-status">${u.status}</span><span class="u-text">${u.lines.map((line, n) => (n === 0 ? html`${line}` : html`<br>${line}`))}</span><time datetime="${u.iso}">${u.time}</time></li>`)}</ol>
</article></main>
<footer class="foot">Powered by Picket</footer></div>`,
    },
    assetUrl,
  )
}
