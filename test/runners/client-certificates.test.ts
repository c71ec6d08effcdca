/**
 * URL monitors present client certificates too, and every hop of a redirect chain presents the one of its own
 * host: a plain-HTTP hop that redirects to the mutual-TLS server gets through only with a certificate for the
 * server's host, and one uploaded for another host is not presented there. The failing runs skip verifying the
 * server, so that what fails them is the missing client certificate.
 */
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { urlCheck } from '../../src/domain/checks/url.js'
import type { ClientCertificateMaterial } from '../../src/domain/client-certificates/host-match.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { urlRunner } from '../../src/runners/url.js'
import { runDoc } from '../helpers/run-spec.js'
import { makeTestPki, type TestPki } from '../helpers/test-pki.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const normalize = urlCheck.fields.request?.normalize as (v: unknown) => unknown
const spec = (url: string, skipSSL: boolean, clientCertificates?: ClientCertificateMaterial[]): CheckRunSpec => ({
  checkId: 'u1',
  checkName: 'url',
  checkType: 'URL',
  doc: runDoc('URL', { request: normalize({ url, followRedirects: true, skipSSL }), degradedResponseTime: 3000, maxResponseTime: 5000, shouldFail: false }),
  variables: {},
  scripts: { setup: [], teardown: [] },
  ...(clientCertificates ? { clientCertificates } : {}),
})

describe('client certificates in URL monitors', () => {
  let pki: TestPki
  let server: https.Server
  let redirector: http.Server
  let direct = ''
  let redirected = ''
  beforeAll(async () => {
    pki = makeTestPki()
    server = https.createServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert, requestCert: true, rejectUnauthorized: true }, (_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    direct = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`
    // localhost, not 127.0.0.1: the first hop has a host of its own.
    redirector = http.createServer((_req, res) => res.writeHead(302, { location: direct }).end())
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
    redirected = `http://localhost:${(redirector.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await new Promise((resolve) => redirector.close(resolve))
  })

  const material = (host: string): ClientCertificateMaterial => ({ host, cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase, ca: pki.caCert })

  it.each([
    { name: 'the server host, directly', url: () => direct, hosts: ['127.0.0.1'], status: 'passing' },
    { name: 'the server host, after a redirect from another host', url: () => redirected, hosts: ['127.0.0.1'], status: 'passing' },
    { name: 'only the redirecting host', url: () => redirected, hosts: ['localhost'], status: 'failing' },
    { name: 'no certificate', url: () => direct, hosts: [], status: 'failing' },
  ])('with a certificate for $name: $status', async ({ url, hosts, status }) => {
    const r = await urlRunner().run(spec(url(), status === 'failing', hosts.map(material)), ctx)
    expect(r.status, r.errorMessage ?? '').toBe(status)
    if (status === 'failing') expect(r.errorMessage).toMatch(/certificate required/i)
  })
})
