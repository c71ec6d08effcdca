/**
 * The web console: the single-page application built from console/ into console/dist, served at `/`
 * and at each of its own paths on the service's host. Its hashed assets are sent pre-compressed (brotli or gzip,
 * written by scripts/build-console.ts) with a year's cache; the HTML is revalidated every time. It talks to the
 * public API only. Where the console was never built, `/` says how to build it.
 *
 * A browser that opens an address the service does not have (outside the API) gets the console's page with status
 * 404: its router shows the console's "page not found" inside its layout, with the way back, and the status still
 * tells crawlers and link checkers the truth. API paths and clients that do not ask for HTML keep the JSON 404.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'

/** The first segment of every path the console's router shows (console/src/routes.tsx and its pages). */
export const CONSOLE_SECTIONS = [
  'sign-in',
  'setup',
  'invite',
  'checks',
  'groups',
  'incidents',
  'alerting',
  'maintenance-windows',
  'pages',
  'variables',
  'snippets',
  'private-locations',
  'settings',
  'test-sessions',
] as const

export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url))

/** Scripts, styles and API calls from this origin only; images may be data: (favicon) or blob: (downloads). */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Picket</title>
<body><h1>Picket is running</h1><p>The web console has not been built. Run <code>npm start</code> (it builds the
console first) or <code>npx tsx scripts/build-console.ts</code>. The API is at <a href="/docs">/docs</a>.</p></body></html>`

export interface ConsoleServer {
  /** Sends the console's page (its router shows the view of the URL); 404 for an address nothing is at. */
  send(reply: FastifyReply, status?: 200 | 404): Promise<FastifyReply>
}

/** The API's namespaces (and the reference clients' /next): an unknown path under them is an API error, answered as JSON. */
const API_PATH = /^\/(v\d+|next)(\/|$)/

/** Whether an unknown address should get the console's "page not found" (a browser's page load) rather than JSON. */
export function wantsConsolePage(path: string, accept: string | undefined): boolean {
  return !API_PATH.test(path) && /\btext\/html\b/.test(accept ?? '')
}

export interface ConsoleDeps {
  dir?: string
  /** Answers for a dashboard's or status page's own host (its page), or undefined on the service's host. */
  sitePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>
}

export async function installConsole(app: FastifyInstance, deps: ConsoleDeps): Promise<ConsoleServer> {
  const dir = deps.dir ?? DEFAULT_CONSOLE_DIR
  const indexFile = join(dir, 'index.html')
  const built = existsSync(indexFile)
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CONSOLE_CSP,
    'cache-control': 'no-cache',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  }
  // Read at each view (half a kilobyte): after a rebuild the page names the new build's assets, never missing ones.
  const page = () => (built ? readFile(indexFile, 'utf8').catch(() => NOT_BUILT) : Promise.resolve(NOT_BUILT))
  const server: ConsoleServer = {
    send: async (reply, status = 200) =>
      reply
        .code(status)
        .headers(headers)
        .send(await page()),
  }

  if (built) {
    await app.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      wildcard: true,
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: 365 * 24 * 3_600_000,
      schemaHide: true,
      setHeaders: (res) => void res.header('x-content-type-options', 'nosniff'),
    })
  }
  const hide = { hide: true }
  const handler = async (request: FastifyRequest, reply: FastifyReply) => (await deps.sitePage(request, reply)) ?? server.send(reply)
  for (const section of CONSOLE_SECTIONS) {
    app.get(`/${section}`, { schema: hide }, handler)
    app.get(`/${section}/*`, { schema: hide }, handler)
  }
  // Every other GET no route took: a page's own host answers for itself; a browser gets the console's 404 page.
  app.get('/*', { schema: hide }, async (request, reply) => {
    const site = await deps.sitePage(request, reply)
    if (site) return site
    if (!wantsConsolePage(request.url.split('?')[0] ?? '', request.headers.accept)) return reply.callNotFound()
    return server.send(reply, 404)
  })
  return server
}
