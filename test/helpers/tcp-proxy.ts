/**
 * A TCP forwarder on a free loopback port, for outages a test controls: down() drops every open connection and
 * refuses new ones (as a restarting database does to its clients), up() accepts again.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface TcpProxy {
  port: number
  down(): void
  up(): void
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>()
  let accepting = true
  const server = net.createServer((client) => {
    if (!accepting) {
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    const pair: [net.Socket, net.Socket] = [client, upstream]
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    for (const s of pair) {
      s.on('error', end)
      s.on('close', end)
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const down = () => {
    accepting = false
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy()
      upstream.destroy()
    }
    pairs.clear()
  }
  return {
    port: (server.address() as AddressInfo).port,
    down,
    up: () => {
      accepting = true
    },
    close: () => {
      down()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
