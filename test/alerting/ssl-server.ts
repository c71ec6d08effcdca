/**
 * An HTTPS target on 127.0.0.1 with a self-signed certificate made at test time that expires when the test says;
 * `renew` swaps in a new certificate without restarting the server.
 */
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { generate } from 'selfsigned'

export const DAY_MS = 86_400_000

export interface SslTarget {
  url: string
  port: number
  /** Serves a new certificate valid until `notAfter` (epoch ms). */
  renew(notAfter: number): Promise<void>
  close(): Promise<void>
}

async function certificate(notAfter: number): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(notAfter - 400 * DAY_MS),
    notAfterDate: new Date(notAfter),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  return { key: pems.private, cert: pems.cert }
}

export async function startSslTarget(notAfter: number): Promise<SslTarget> {
  const server = https.createServer(await certificate(notAfter), (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/`,
    port,
    async renew(at) {
      server.setSecureContext(await certificate(at))
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
