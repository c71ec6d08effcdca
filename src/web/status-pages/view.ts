/** Status page HTML (no queries here): the page, its live region the script refreshes, and the private page. */
import { html, type Html } from '../html.js'
import { renderDocument } from '../document.js'
import { renderMaintenances } from './maintenances.js'
import { BAR_HEIGHT, BAR_STEP, BAR_WIDTH, REFRESH_SECONDS, type CardView, type IncidentView, type ServiceView, type StatusPageView } from './presenter.js'

type AssetUrl = (name: string) => string

function bars(s: ServiceView): Html {
  const width = s.bars.length * BAR_STEP - (BAR_STEP - BAR_WIDTH)
  const rects = s.bars.map(
    (b) => html`<rect x="${b.x}" y="0" width="${BAR_WIDTH}" height="${BAR_HEIGHT}"${b.className ? html` class="${b.className}"` : ''}><title>${b.title}</title></rect>`,
  )
  return html`<svg class="bars" viewBox="0 0 ${width} ${BAR_HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${s.name}: ${s.uptime} over ${s.bars.length} days">${rects}</svg>
<div class="bars-legend"><span>${s.bars.length} days ago</span><span>${s.uptime}</span><span>Today</span></div>`
}

const service = (s: ServiceView): Html => html`<div class="service">
<div class="service-head"><span class="service-name">${s.name}</span><span class="state${s.stateClass ? ` ${s.stateClass}` : ''}">${s.state}</span></div>
${bars(s)}
</div>`

const card = (c: CardView): Html => html`<section class="card" aria-label="${c.name}">
<h2><span>${c.name}</span>${c.uptime !== null ? html`<span class="uptime">${c.uptime}</span>` : ''}</h2>
${c.services.length === 0 ? html`<p class="service empty-card">No services yet.</p>` : c.services.map(service)}
</section>`

/** What the colours of the daily bars mean (their titles say it per day too). */
const barsKey = html`<ul class="bars-key" aria-label="Key of the daily bars"><li><span aria-hidden="true"></span>No incident</li><li><span class="k-minor" aria-hidden="true"></span>Degraded</li><li><span class="k-major" aria-hidden="true"></span>Outage</li><li><span class="k-nodata" aria-hidden="true"></span>No data (before the service existed)</li></ul>`

/** Text with its line breaks kept: each line escaped, joined by <br>. */
const lines = (text: string[]): Html[] => text.map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))

export const incident = (i: IncidentView): Html => html`<article class="sp-incident severity-${i.severity}${i.resolved ? ' resolved' : ''}" id="${i.anchor}">
<h3><a href="${i.href}">${i.name}</a></h3>
<p class="meta">${i.meta}</p>
<ol class="updates">${i.updates.map((u) => html`<li><span class="u-status">${u.status}</span><span class="u-text">${lines(u.lines)}</span><time datetime="${u.iso}">${u.time}</time></li>`)}</ol>
</article>`

/** The part of the page the script replaces every minute. */
export function renderLive(v: StatusPageView): Html {
  const pager = v.pager
    ? html`<nav class="pager" aria-label="Past incidents pages">${v.pager.newer ? html`<a href="${v.pager.newer}" rel="prev">‹ Newer</a>` : ''}<span>Page ${v.pager.page} of ${v.pager.pages}</span>${v.pager.older ? html`<a href="${v.pager.older}" rel="next">Older ›</a>` : ''}</nav>`
    : ''
  return html`<div class="banner ${v.banner.className}" role="status">${v.banner.text}</div>
${v.open.length > 0 ? html`<section class="open-incidents" aria-label="Current incidents"><h2>Current incidents</h2>${v.open.map(incident)}</section>` : ''}
${renderMaintenances(v.maintenances)}
${v.cards.length === 0 ? html`<p class="empty">This status page has no services yet.</p>` : html`<div class="cards">${v.cards.map(card)}</div>${barsKey}`}
<section class="history" aria-label="Past incidents"><h2>Past incidents</h2>
${v.past.length === 0 ? html`<p class="empty">No past incidents.</p>` : v.past.map(incident)}
${pager}</section>
<p class="updated">Updated ${v.updated}</p>`
}

export function header(v: Pick<StatusPageView, 'logo' | 'logoDark' | 'link' | 'name' | 'description'>): Html {
  const logos = v.logo
    ? html`<img class="logo${v.logoDark ? ' logo-light' : ''}" src="${v.logo}" alt="${v.name}">${v.logoDark ? html`<img class="logo logo-dark" src="${v.logoDark}" alt="${v.name}">` : ''}`
    : ''
  const brand = v.link && logos ? html`<a class="logo-link" href="${v.link}" rel="noopener">${logos}</a>` : logos
  return html`<header class="sp-header"><div class="sp-title">${brand}<h1>${v.name}</h1>${v.description ? html`<p class="description">${v.description}</p>` : ''}</div>
${v.link ? html`<a class="sp-back" href="${v.link}" rel="noopener">Visit website ›</a>` : ''}</header>`
}

function subscribe(v: StatusPageView): Html {
  return html`<section class="subscribe" aria-label="Get updates"><h2>Get updates</h2>
<p>Get an e-mail whenever an incident is posted, updated or resolved.</p>
<form method="post" action="${v.links.subscribe}"><label for="email" class="visually-hidden">E-mail address</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" placeholder="you@example.com" value="${v.email}"><button type="submit">Subscribe</button></form>
<p class="feeds">Or follow the <a href="${v.links.rss}" type="application/rss+xml">RSS feed</a> or the <a href="${v.links.atom}" type="application/atom+xml">Atom feed</a>.</p>
</section>`
}

export function renderStatusPage(v: StatusPageView, assetUrl: AssetUrl): string {
  const notice = v.notice ? html`<p class="notice${v.notice.error ? ' error' : ''}" role="${v.notice.error ? 'alert' : 'status'}">${v.notice.text}</p>` : ''
  return renderDocument(
    {
      title: v.title,
      favicon: v.favicon,
      stylesheets: v.links.theme ? [v.links.theme] : [],
      scripts: [assetUrl('status-page.js')],
      head: html`<link rel="alternate" type="application/rss+xml" title="${v.name} status (RSS)" href="${v.links.rss}">
<link rel="alternate" type="application/atom+xml" title="${v.name} status (Atom)" href="${v.links.atom}">`,
      bodyClass: v.bodyClass,
      bodyData: { refresh: REFRESH_SECONDS },
      body: html`<div class="wrap">${header(v)}
<main>${notice}
<div id="live" aria-live="polite">${renderLive(v)}</div>
${subscribe(v)}</main>
<footer class="foot">Powered by Picket</footer></div>`,
    },
    assetUrl,
  )
}

export function renderPrivatePage(assetUrl: AssetUrl): string {
  return renderDocument(
    {
      title: 'Private status page',
      bodyClass: 'status-page auto',
      body: html`<main class="wrap"><h1>This status page is private</h1><p>It can only be seen by signing in to its account.</p></main>`,
    },
    assetUrl,
  )
}
