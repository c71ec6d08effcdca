/**
 * A local HTTP target for the agent fleet's process tests, on 127.0.0.1 and port 0: it counts requests per path
 * and can keep them waiting. Every path answers 200 with `{"path": …}`;
 *   ?ms=N        the answer comes after N ms
 *   ?hold=NAME   the answer waits until release(NAME); after that, requests held by NAME are answered at once
 * A request is counted when it arrives, so a test can wait for "the agent's request is in flight".
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GatedTarget {
  /** Base URL without a trailing slash. */
  url: string
  /** Requests received for this path (without the query). */
  hitsOf(path: string): number
  /** Requests received for any path. */
  totalHits(): number
  /** Answers the requests held by `name`, and every later one at once. */
  release(name: string): void
  close(): Promise<void>
}

export async function startGatedTarget(): Promise<GatedTarget> {
  const hits = new Map<string, number>()
  const held = new Map<string, Array<() => void>>()
  const released = new Set<string>()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://target')
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
    const answer = () => {
      const ms = Number(url.searchParams.get('ms') ?? '0')
      setTimeout(
        () => {
          res.writeHead(200, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify({ path: url.pathname }))
        },
        Number.isFinite(ms) ? ms : 0,
      )
    }
    const gate = url.searchParams.get('hold')
    if (gate === null || released.has(gate)) return answer()
    held.set(gate, [...(held.get(gate) ?? []), answer])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    hitsOf: (path) => hits.get(path) ?? 0,
    totalHits: () => [...hits.values()].reduce((a, b) => a + b, 0),
    release(name) {
      released.add(name)
      for (const answer of held.get(name) ?? []) answer()
      held.delete(name)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
