/**
 * Playwright's own trace viewer, the static build that ships inside playwright-core, served at /trace-viewer/ so
 * that a result's trace opens in the browser: `/trace-viewer/index.html?trace=<asset path>`.
 *
 * The files are the same public code for everyone, so they need no sign-in. The viewer reads a trace in the
 * browser, through its service worker, from the URL it is given; on this service that is the asset route, with the
 * user's own session, so an artifact's access rules are the asset route's, unchanged. The service itself never
 * fetches, proxies or opens a trace, and serves none of the endpoints Playwright's local trace server has (such as
 * `file?path=`): only the files of that folder.
 *
 * Headers, and why:
 * - The pages' CSP allows scripts, styles, frames, workers and connections of this origin only (styles may be
 *   inline: the snapshot frame and the terminal view set them), so the viewer page cannot reach another origin.
 * - The service worker, which is what fetches the trace, gets a CSP of its own that lets it connect to this origin
 *   (and to blob: URLs, which only this origin can make: a file dropped into the viewer) and nowhere else, so a
 *   `?trace=` naming another origin loads nothing, whatever the viewer's code would try.
 * - Cross-Origin-Opener-Policy: the viewer accepts a trace posted by the window that opened it; a page of another
 *   origin that opens the viewer is cut off from it, so only pages of this origin could post one.
 * - The pages may be framed by this origin only: the viewer frames its own snapshot pages (and an empty data: page
 *   where an action has no snapshot, which has an origin of its own).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

export const TRACE_VIEWER_PREFIX = '/trace-viewer/'
const SERVICE_WORKER = 'sw.bundle.js'

/** The viewer's folder inside the installed playwright-core, wherever node_modules is. */
export function defaultTraceViewerDir(): string {
  const packageJson = createRequire(import.meta.url).resolve('playwright-core/package.json')
  return join(dirname(packageJson), 'lib', 'vite', 'traceViewer')
}

/** `'sha256-…'` sources for the inline scripts of a page, so that exactly those run and no other. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    const body = match[2] ?? ''
    if (/\ssrc\s*=/i.test(attributes) || body.trim() === '') continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

export function traceViewerPageCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' blob:",
    "worker-src 'self'",
    "frame-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** A service worker's CSP comes with its script and governs the worker's own fetches. */
export const TRACE_VIEWER_WORKER_CSP = "default-src 'none'; connect-src 'self' blob:"

export interface TraceViewerDeps {
  /** The viewer's folder (default: the one inside playwright-core). */
  dir?: string
}

export async function traceViewerRoutes(app: FastifyInstance, deps: TraceViewerDeps = {}): Promise<void> {
  const dir = deps.dir ?? defaultTraceViewerDir()
  const index = join(dir, 'index.html')
  const hide = { hide: true }
  if (!existsSync(index)) {
    // A playwright-core that moved its viewer leaves the service running; only opening a trace says what is missing.
    const missing = `The trace viewer is not available: ${index} does not exist in the installed playwright-core.`
    app.get(`${TRACE_VIEWER_PREFIX}*`, { schema: hide }, async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send(missing))
    return
  }
  const pageCsp = traceViewerPageCsp(inlineScriptHashes(readFileSync(index, 'utf8')))
  // The page's links are relative to its folder: the folder itself sends the visitor to the page, query and all.
  app.get(TRACE_VIEWER_PREFIX.slice(0, -1), { schema: hide }, async (request, reply) => {
    const query = request.url.indexOf('?')
    return reply.redirect(`${TRACE_VIEWER_PREFIX}index.html${query >= 0 ? request.url.slice(query) : ''}`, 302)
  })
  await app.register(fastifyStatic, {
    root: dir,
    prefix: TRACE_VIEWER_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    // Revalidated at each use: an upgraded playwright-core brings a new worker and new pages at the same names.
    cacheControl: false,
    schemaHide: true,
    setHeaders: (reply, path) => {
      const worker = path.endsWith(`/${SERVICE_WORKER}`)
      reply.header('content-security-policy', worker ? TRACE_VIEWER_WORKER_CSP : pageCsp)
      reply.header('cache-control', 'no-cache')
      reply.header('x-content-type-options', 'nosniff')
      reply.header('referrer-policy', 'no-referrer')
      reply.header('cross-origin-opener-policy', 'same-origin')
      reply.header('x-frame-options', 'SAMEORIGIN')
    },
  })
}
