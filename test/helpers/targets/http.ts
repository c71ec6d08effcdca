/**
 * A local HTTP target for runner tests, on 127.0.0.1 and port 0. Routes:
 *   /status/:code       that status, text body "status <code>"
 *   /json               a JSON document (see JSON_DOC)
 *   /text               text/plain "hello picket world, version=1.2.3"
 *   /not-json           text/html "<html>not json</html>" with a JSON content type
 *   /slow?ms=N          headers and body after N ms
 *   /slow-body?ms=N     headers at once, body after N ms
 *   /redirect/:n        302 chain of n hops ending at /json; /redirect-303 (POST → GET) and /redirect-307
 *   /redirect-to?url=U  302 to U
 *   /large?bytes=N      N bytes of text
 *   /binary             application/octet-stream bytes
 *   /gzip               the JSON document, gzip-encoded
 *   /echo               {method, url, headers, body} of the request as JSON (any method)
 */
import http from 'node:http'
import type https from 'node:https'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export const JSON_DOC = {
  name: 'picket',
  version: 3,
  active: true,
  nothing: null,
  tags: ['a', 'b', 'c'],
  items: [
    { id: 1, price: 10, label: 'one' },
    { id: 2, price: 20, label: 'two' },
  ],
  nested: { deep: { value: 'x' } },
  empty: [],
}

export interface Target {
  /** Base URL without a trailing slash. */
  url: string
  port: number
  /** Requests received so far. */
  hits: number
  close(): Promise<void>
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

const json = (res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify(value))
}

export async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://target')
  const path = url.pathname
  const ms = Number(url.searchParams.get('ms') ?? '0')
  let m: RegExpExecArray | null
  if ((m = /^\/status\/(\d{3})$/.exec(path))) {
    res.writeHead(Number(m[1]), { 'Content-Type': 'text/plain', 'X-Status': m[1] as string })
    res.end(`status ${m[1]}`)
  } else if (path === '/json') json(res, 200, JSON_DOC, { 'X-Request-Id': 'req-123', 'Set-Cookie': ['a=1', 'b=2'] })
  else if (path === '/text') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('hello picket world, version=1.2.3')
  } else if (path === '/not-json') {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end('<html>not json</html>')
  } else if (path === '/slow') {
    setTimeout(() => json(res, 200, { slow: true, ms }), ms)
  } else if (path === '/slow-body') {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.write('start ')
    setTimeout(() => res.end('end'), ms)
  } else if ((m = /^\/redirect\/(\d+)$/.exec(path))) {
    const n = Number(m[1])
    res.writeHead(302, { Location: n <= 1 ? '/json' : `/redirect/${n - 1}` })
    res.end()
  } else if (path === '/redirect-303' || path === '/redirect-307') {
    res.writeHead(path.endsWith('303') ? 303 : 307, { Location: '/echo' })
    res.end()
  } else if (path === '/redirect-to') {
    res.writeHead(302, { Location: url.searchParams.get('url') ?? '/' })
    res.end()
  } else if (path === '/large') {
    const bytes = Number(url.searchParams.get('bytes') ?? '0')
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(bytes) })
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let left = bytes
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(left, chunk.length))
        left -= piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
      res.end()
    }
    pump()
  } else if (path === '/binary') {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
    res.end(Buffer.from('BINARY\x00\x01\x02 payload marker', 'latin1'))
  } else if (path === '/gzip') {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
    res.end(gzipSync(JSON.stringify(JSON_DOC)))
  } else if (path === '/echo') {
    const body = await readBody(req)
    json(res, 200, { method: req.method, url: req.url, headers: req.headers, body })
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('not found')
  }
}

export async function listen(server: http.Server | https.Server, scheme: 'http' | 'https', host = '127.0.0.1'): Promise<Target> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const port = (server.address() as AddressInfo).port
  const shown = host.includes(':') ? `[${host}]` : host
  const target: Target = {
    url: `${scheme}://${shown}:${port}`,
    port,
    hits: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  server.on('request', () => target.hits++)
  return target
}

export function startHttpTarget(host = '127.0.0.1'): Promise<Target> {
  return listen(
    http.createServer((req, res) => void handle(req, res)),
    'http',
    host,
  )
}
