/**
 * The frame of every public page: one HTML document with the site stylesheet, the page's own stylesheets and
 * scripts (all served by Picket, never inline), and the headers that keep user content from running script.
 */
import { html, type Html } from './html.js'

export interface PageDocument {
  title: string
  /** The page's own icon; Picket's when it has none. */
  favicon?: string | null
  /** Extra stylesheet URLs after the site's own (a dashboard's custom CSS, a status page's theme). */
  stylesheets?: string[]
  scripts?: string[]
  /** Extra head markup (feed links, a no-script refresh). */
  head?: Html
  /** Attributes of <body>: class and data-* settings for the page script. */
  bodyClass?: string
  bodyData?: Record<string, string | number | boolean>
  body: Html
}

/**
 * No inline script or style at all: scripts and stylesheets come from this origin only, so neither a user's text
 * nor a dashboard's custom CSS can run script on a viewer. Images (logos, favicons) may come from anywhere.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data:',
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "manifest-src 'self'",
].join('; ')

export const pageHeaders = (cacheControl = 'no-cache'): Record<string, string> => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'cache-control': cacheControl,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
})

/** A page's own non-HTML parts (its stylesheets, its feeds): the type as stated, never sniffed, revalidated. */
export const partHeaders = (contentType: string): Record<string, string> => ({
  'content-type': contentType,
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
})

export const CSS_TYPE = 'text/css; charset=utf-8'

export function renderDocument(d: PageDocument, assetUrl: (name: string) => string): string {
  const data = Object.entries(d.bodyData ?? {}).map(([k, v]) => html` data-${k}="${String(v)}"`)
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${d.title}</title>
${d.favicon ? html`<link rel="icon" href="${d.favicon}">` : html`<link rel="icon" type="image/svg+xml" href="${assetUrl('favicon.svg')}">`}
<link rel="stylesheet" href="${assetUrl('site.css')}">
${(d.stylesheets ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`)}
${d.head ?? ''}
${(d.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
</head><body class="${d.bodyClass ?? ''}"${data}>
${d.body}
</body></html>`.value
}
