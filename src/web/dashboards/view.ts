/** Dashboard HTML (no queries here): the page, the live part the script refreshes, the key form and a check's runs. */
import { html, type Html } from '../html.js'
import { renderDocument } from '../document.js'
import type { SiteLinks } from '../site-links.js'
import type { CheckCard, DashboardView } from './presenter.js'
import { formatDateTime, formatMs, statusLabel } from '../format.js'
import type { DashboardRun } from '../../services/dashboards/dashboard-page.js'

const figure = (label: string, value: string | null) => (value === null ? '' : html`<div class="figure"><dt>${label}</dt><dd>${value}</dd></div>`)

function checkCard(c: CheckCard, expanded: boolean): Html {
  return html`<article class="check status-${c.status}" data-check-id="${c.id}" data-status="${c.status}">
<header class="check-head"><span class="dot" aria-hidden="true"></span><h2 class="check-name">${c.name}</h2><span class="check-status">${c.statusLabel}</span></header>
${c.group !== null || c.tags.length > 0 ? html`<p class="check-meta">${c.group !== null ? html`<span class="group">${c.group}</span>` : ''}${c.tags.map((t) => html`<span class="tag">${t}</span>`)}</p>` : ''}
<dl class="figures">${figure('Availability', c.availability)}${figure('P95', c.p95)}${figure('P99', c.p99)}</dl>
${expanded ? html`<dl class="details"><div><dt>Type</dt><dd>${c.typeLabel}</dd></div><div><dt>Last run</dt><dd${c.lastRunTitle ? html` title="${c.lastRunTitle}"` : ''}>${c.lastRun}</dd></div>${c.location ? html`<div><dt>Location</dt><dd>${c.location}</dd></div>` : ''}</dl>` : ''}
${c.runsHref ? html`<a class="runs-link" href="${c.runsHref}">Recent runs</a>` : ''}
</article>`
}

/** The part of the page that the script replaces on refresh and paging. */
export function renderLive(v: DashboardView): Html {
  return html`<p class="summary" id="summary">${v.summary}</p>
${v.incidents !== null && v.incidents.length > 0 ? html`<section class="incidents" aria-label="Incidents">${v.incidents.map((i) => html`<article class="incident severity-${i.severity}"><strong>${i.name}</strong> <span class="badge">${i.severity}</span> <span>${i.status}</span>${i.services ? html` · <span>${i.services}</span>` : ''} · <span>${i.since}</span></article>`)}</section>` : ''}
${v.emptyText !== null ? html`<p class="empty">${v.emptyText}</p>` : ''}
<div class="checks${v.expanded ? ' expanded' : ''}" id="checks">${v.cards.map((c) => checkCard(c, v.expanded))}</div>
${v.pager ? html`<nav class="pager" aria-label="Pages">${v.pager.prev ? html`<a href="${v.pager.prev}" rel="prev">‹ Previous</a>` : ''}<span id="page-label">Page ${v.pager.page} of ${v.pager.pages}</span>${v.pager.next ? html`<a href="${v.pager.next}" rel="next">Next ›</a>` : ''}</nav>` : ''}
<p class="updated">Updated <span id="updated">${v.updated}</span></p>`
}

function header(v: DashboardView): Html {
  if (!v.header) return html``
  const logo = v.header.logo ? html`<img class="logo" src="${v.header.logo}" alt="">` : ''
  return html`<header class="dash-header">${v.header.link && logo ? html`<a href="${v.header.link}" rel="noopener">${logo}</a>` : logo}<div><h1>${v.header.text}</h1>${v.header.description ? html`<p class="description">${v.header.description}</p>` : ''}</div></header>`
}

export function renderDashboardPage(v: DashboardView, opts: { assetUrl: (name: string) => string; customCss: string | null }): string {
  const windows = html`<nav class="windows" aria-label="Time window">${v.windows.map((w) => html`<a href="${w.href}" data-window="${w.window}"${w.current ? html` aria-current="true"` : ''}>${w.label}</a>`)}</nav>`
  return renderDocument(
    {
      title: v.title,
      favicon: v.favicon,
      stylesheets: opts.customCss ? [opts.customCss] : [],
      scripts: [opts.assetUrl('dashboard.js')],
      head: html`<noscript><meta http-equiv="refresh" content="${v.script.refresh}"></noscript>`,
      bodyClass: `dashboard${v.narrow ? ' narrow' : ''}`,
      bodyData: {
        data: v.script.data,
        refresh: v.script.refresh,
        paginate: v.script.paginate,
        rate: v.script.rate,
        page: v.script.page,
        pages: v.script.pages,
        window: v.script.window,
      },
      body: html`<div class="wrap">${header(v)}<main>${windows}<div id="live" aria-live="polite">${renderLive(v)}</div></main><footer class="foot">Monitored with Picket</footer></div>`,
    },
    opts.assetUrl,
  )
}

export function renderLockedPage(links: SiteLinks, assetUrl: (name: string) => string, wrongKey: boolean): string {
  return renderDocument(
    {
      title: 'Private dashboard',
      bodyClass: 'dashboard locked',
      body: html`<main class="lock"><h1>Private dashboard</h1><p>This dashboard is private. Enter its key to open it.</p>
<form method="post" action="${links.part('unlock')}"><label for="key">Key</label><input id="key" name="key" type="password" autocomplete="current-password" required maxlength="200"><button type="submit">Open</button></form>
${wrongKey ? html`<p class="error" role="alert">That key does not open this dashboard.</p>` : ''}</main>`,
    },
    assetUrl,
  )
}

export function renderRunsPage(check: { name: string; status: string }, runs: DashboardRun[], links: SiteLinks, assetUrl: (name: string) => string): string {
  const rows = runs.map(
    (r) =>
      html`<tr class="status-${r.status}"><td>${formatDateTime(r.startedAt)}</td><td>${statusLabel(r.status)}</td><td>${formatMs(r.responseTime)}</td><td>${r.statusCode ?? ''}</td><td>${r.location}</td></tr>`,
  )
  return renderDocument(
    {
      title: `${check.name}: recent runs`,
      bodyClass: 'dashboard',
      body: html`<main class="wrap"><p><a href="${links.page}">‹ Back to the dashboard</a></p><h1>${check.name}</h1><p class="check-status status-${check.status}">${statusLabel(check.status)}</p>
${runs.length === 0 ? html`<p class="empty">No runs yet.</p>` : html`<table class="runs"><thead><tr><th>Started</th><th>Result</th><th>Response time</th><th>Status code</th><th>Location</th></tr></thead><tbody>${rows}</tbody></table>`}</main>`,
    },
    assetUrl,
  )
}
