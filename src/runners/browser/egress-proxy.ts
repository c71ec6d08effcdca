/**
 * The egress policy for Chromium: a small forward proxy on 127.0.0.1, one per browser run, inside the runner's
 * process. Chromium is launched with `--proxy-server` pointing here (and `<-loopback>`, so loopback goes through
 * it too), so every HTTP request, HTTPS/WebSocket tunnel (CONNECT) and redirect of every page, frame, worker and
 * fetch is a connection this proxy makes: it resolves the destination itself, checks each address with the
 * policy, and connects to the address it checked (no rebinding between check and connect).
 *
 * Why a proxy: `context.route('**\/*')` sees URLs, not the addresses they resolve to (and misses service workers
 * and some navigations); `--host-resolver-rules` can map or refuse names but cannot decide after resolution nor
 * see IP literals by range. A proxy sees the real destination of every connection Chromium makes.
 *
 * Denials are recorded: the runner fails the run with the first one, since the page saw only an error or a 403.
 */
import { chmod } from 'node:fs/promises'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { deniedLiteral, guardedLookup, type EgressGuard } from '../egress-guard.js'

export interface EgressProxy {
  /** `http://127.0.0.1:<port>` for Chromium's --proxy-server, or the Unix socket's path when it listens on one. */
  url: string
  /** What was denied during the run, in order (messages of the egress policy). */
  denials: string[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'])

/** host and port of a CONNECT authority (`example.com:443`, `[::1]:443`). */
function authority(text: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(text)
  return m ? { host: (m[1] as string).replace(/^\[(.*)\]$/, '$1'), port: Number(m[2]) } : null
}

/**
 * Starts the proxy on 127.0.0.1 or, for a boxed run (sandbox/box.ts), on the Unix socket `socketPath`, which the
 * box's own relay reaches (a box has no other network). With no guard (egress open) it still is the box's only way
 * out, and then lets every destination through.
 */
export async function startEgressProxy(guard: EgressGuard, socketPath: string | null = null): Promise<EgressProxy> {
  const denials: string[] = []
  const sockets = new Set<net.Socket | Duplex>()
  const track = <T extends net.Socket | Duplex>(s: T): T => {
    sockets.add(s)
    s.once('close', () => sockets.delete(s))
    return s
  }
  /** The denial message of an error, recording it; null for other errors. */
  const denialOf = (err: unknown): string | null => {
    if ((err as { code?: unknown } | null)?.code !== 'EGRESS_DENIED') return null
    const message = (err as Error).message
    denials.push(message)
    return message
  }

  // Upstream connections are kept for the run's next requests to the same host and port, as a browser keeps them:
  // each was checked when it was made (to the address the guard checked), and they all end with the proxy.
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  const server = http.createServer((req, res) => {
    let target: URL
    try {
      target = new URL(req.url ?? '')
      if (target.protocol !== 'http:') throw new Error('not http')
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Picket egress proxy: absolute http:// URLs only')
      return
    }
    const port = Number(target.port) || 80
    const literal = deniedLiteral(guard, target.hostname, port)
    if (literal) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end(denialOf(literal))
      return
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())))
    const upstream = http.request(target, { method: req.method, headers, agent: upstreamAgent, lookup: guardedLookup(guard, port) }, (up) => {
      const back = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())))
      res.writeHead(up.statusCode ?? 502, up.statusMessage, back)
      up.pipe(res)
    })
    upstream.on('error', (err) => {
      const denied = denialOf(err)
      if (!res.headersSent) res.writeHead(denied ? 403 : 502, { 'Content-Type': 'text/plain' }).end(denied ?? `Picket egress proxy: ${err.message}`)
      else res.destroy()
    })
    req.pipe(upstream)
  })

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client)
    client.on('error', () => undefined)
    const dest = authority(req.url ?? '')
    const refuse = (status: string, message: string) =>
      client.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`)
    if (!dest) return refuse('400 Bad Request', 'Picket egress proxy: CONNECT host:port only')
    const literal = deniedLiteral(guard, dest.host, dest.port)
    if (literal) return refuse('403 Forbidden', denialOf(literal) ?? '')
    const upstream = track(net.connect({ host: dest.host, port: dest.port, lookup: guardedLookup(guard, dest.port) }))
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', (err) => {
      const denied = denialOf(err)
      if (upstream.connecting || !upstream.remoteAddress) refuse(denied ? '403 Forbidden' : '502 Bad Gateway', denied ?? `Picket egress proxy: ${err.message}`)
      else client.destroy()
    })
    client.once('close', () => upstream.destroy())
  })
  server.on('connection', (s: net.Socket) => track(s))

  if (socketPath) {
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    await chmod(socketPath, 0o666) // the box's user connects to it; only that box sees the folder it is in
  } else {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  }
  return {
    url: socketPath ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    denials,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        upstreamAgent.destroy()
        server.close(() => resolve())
      }),
  }
}
