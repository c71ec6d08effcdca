/** The TLS probe against real local servers: what it reads of a certificate, and how it fails. */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { formatName, probeCertificate } from '../../src/runners/ssl-probe.js'
import { DAY_MS, startSslTarget, type SslTarget } from './ssl-server.js'

describe('probeCertificate', () => {
  const servers: Array<{ close(): Promise<void> }> = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
  })
  const target = async (notAfter: number): Promise<SslTarget> => {
    const x = await startSslTarget(notAfter)
    servers.push(x)
    return x
  }

  it('reads expiry, issuer and subject; an untrusted chain is reported but the certificate is still read', async () => {
    const notAfter = Math.floor((Date.now() + 20 * DAY_MS) / 1000) * 1000
    const x = await target(notAfter)
    for (const host of ['127.0.0.1', 'localhost']) {
      const r = await probeCertificate({ host, port: x.port })
      expect(r).toMatchObject({ ok: true, validTo: notAfter, issuer: 'CN=localhost', subject: 'CN=localhost', authorized: false })
      expect(r.ok && r.authorizationError).toMatch(/self-signed certificate/)
      expect(r.ok && r.validFrom).toBeLessThan(notAfter)
    }
  })

  it('reads an expired certificate', async () => {
    const notAfter = Math.floor((Date.now() - 3 * DAY_MS) / 1000) * 1000
    const x = await target(notAfter)
    expect(await probeCertificate({ host: '127.0.0.1', port: x.port })).toMatchObject({ ok: true, validTo: notAfter, authorized: false })
  })

  it('fails with the reason when nothing listens, the name does not resolve, or no TLS handshake comes', async () => {
    const closed = await target(Date.now() + DAY_MS)
    await closed.close()
    expect(await probeCertificate({ host: '127.0.0.1', port: closed.port })).toMatchObject({ ok: false, error: expect.stringMatching(/ECONNREFUSED/) })
    // (A resolver that does not answer at all ends in the timeout instead.)
    const unknown = await probeCertificate({ host: 'no-such-host.invalid', port: 443, timeoutMs: 5000 })
    expect(unknown).toMatchObject({ ok: false, error: expect.stringMatching(/ENOTFOUND|EAI_AGAIN|Timed out/) })

    // A TCP server that reads but never answers the handshake: the probe gives up after its timeout.
    const silent = net.createServer((socket) => socket.resume())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    servers.push({ close: () => new Promise((resolve) => silent.close(() => resolve())) })
    const port = (silent.address() as AddressInfo).port
    const r = await probeCertificate({ host: '127.0.0.1', port, timeoutMs: 200 })
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/Timed out after 200 ms/) })
  })

  it('formats certificate names', () => {
    expect(formatName({ CN: 'example.com', O: 'Example Inc', OU: ['a', 'b'] })).toBe('CN=example.com, O=Example Inc, OU=a, OU=b')
    expect(formatName(undefined)).toBe('')
  })
})
