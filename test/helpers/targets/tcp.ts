/** Local TCP targets on 127.0.0.1, port 0: an echo server, a banner server and a drip server (never finishes). */
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface TcpTarget {
  port: number
  close(): Promise<void>
}

async function serve(onConnection: (socket: net.Socket) => void): Promise<TcpTarget> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    onConnection(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Echoes what it receives prefixed with "echo: " and ends the connection. */
export const startTcpEcho = (): Promise<TcpTarget> => serve((socket) => socket.once('data', (d: Buffer) => socket.end(Buffer.concat([Buffer.from('echo: '), d]))))

/** Sends a banner on connect and ends. */
export const startTcpBanner = (banner = 'SSH-2.0-PicketTest\r\n'): Promise<TcpTarget> => serve((socket) => socket.end(banner))

/** Accepts and then sends one byte every 50 ms forever: only a hard timeout ends the exchange. */
export const startTcpDrip = (): Promise<TcpTarget> =>
  serve((socket) => {
    const timer = setInterval(() => socket.write('.'), 50)
    socket.on('close', () => clearInterval(timer))
  })

/** A port nothing listens on (bound, read, released). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
