/**
 * Client certificates for mutual TLS, on both stores: an API check to a server that demands a client certificate
 * signed by its own CA passes with the account's uploaded certificate (the key encrypted with a passphrase) and
 * fails without it; another account can neither read nor delete the certificate, and its checks do not present it.
 * The key and passphrase appear in no API answer, no log line (API and engine) and no database row in plain text;
 * bad uploads are 400s naming the field.
 */
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { dumpAllRows } from '../helpers/raw-rows.js'
import { makeTestPki, type TestPki } from '../helpers/test-pki.js'
import { invitedUser, setupOwner } from '../helpers/users.js'

type Json = Record<string, unknown>

/** The recognisable parts of a PEM key: each base64 line of its body, and the body in one piece. */
const keyForms = (pem: string): string[] => {
  const lines = pem.split('\n').filter((l) => l !== '' && !l.startsWith('-----'))
  return [...lines.filter((l) => l.length >= 40), lines.join('')]
}

describe.each(testDbs)('client certificates on $name', (db) => {
  const lines: string[] = []
  const logger = pino({ level: 'trace' }, { write: (s: string) => void lines.push(s) })
  const engineLog = (level: string) => (obj: unknown, msg?: string) => void lines.push(`${level} ${JSON.stringify(obj)} ${msg ?? ''}`)
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const answers: string[] = []
  let pki: TestPki
  let t: TestApp
  let e: TestEngine
  let server: https.Server
  let target = ''
  let other: Awaited<ReturnType<TestApp['otherAccount']>>
  let certificateId = ''

  beforeAll(async () => {
    pki = makeTestPki()
    server = https.createServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate()
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client: peer.subject?.CN ?? null }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    target = `https://127.0.0.1:${(server.address() as AddressInfo).port}/whoami`
    t = await startTestApp(db, { clock, http: { loggerInstance: logger } })
    e = startTestEngine(t.store, clock, { log: { info: engineLog('info'), warn: engineLog('warn'), error: engineLog('error') } })
    other = await t.otherAccount()
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await new Promise((resolve) => server.close(resolve))
  })

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) => {
    const res = await t.app.inject({ method, url, headers: headers ?? t.headers, ...(body === undefined ? {} : { payload: body as object }) })
    answers.push(res.body)
    return res
  }

  /** Creates an API check of the account with these headers and runs it once; its FINAL result. */
  const runCheck = async (headers: Record<string, string>, request: Json) => {
    const created = await call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'mTLS', frequency: 1440, request: { method: 'GET', url: target, ...request } }, headers)
    expect(created.statusCode, created.body).toBe(201)
    const checkId = String((created.json() as Json).id)
    const trigger = await call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } }, headers)
    expect(trigger.statusCode, trigger.body).toBeLessThan(300)
    // A failing run may be retried before its result is final.
    for (let i = 0; i < 3 && !e.finals.some((r) => r.check_id === checkId); i++) await e.engine.runOnce()
    const result = e.finals.find((r) => r.check_id === checkId)
    expect(result, 'the run was recorded').toBeDefined()
    return result!
  }

  it('stores an upload and shows it without its key or passphrase', async () => {
    const res = await call('POST', '/v1/client-certificates', { host: '127.0.0.1', cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase, ca: pki.caCert })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json() as Json
    certificateId = String(body.id)
    expect(Object.keys(body).sort()).toEqual(['ca', 'cert', 'created_at', 'host', 'id'])
    expect(body).toMatchObject({ host: '127.0.0.1', ca: pki.caCert, created_at: new Date(clock.now()).toISOString() })
    expect(String(body.cert)).toContain('-----BEGIN CERTIFICATE-----')
    expect((await call('GET', `/v1/client-certificates/${certificateId}`)).json()).toEqual(body)
    expect((await call('GET', '/v1/client-certificates')).json()).toEqual([body])
  })

  it('presents the certificate in a real mutual-TLS handshake, and a check without it fails', async () => {
    const passing = await runCheck(t.headers, { assertions: [{ source: 'JSON_BODY', property: '$.client', comparison: 'EQUALS', target: 'picket-monitor' }] })
    expect(passing, passing.error_message ?? '').toMatchObject({ status: 'passing', status_code: 200 })
    // The other account's check to the same host has no certificate: the server ends the handshake.
    const refused = await runCheck(other.headers, { skipSSL: true })
    expect(refused).toMatchObject({ status: 'failing', status_code: null, error_kind: 'TLS' })
    expect(refused.error_message).toMatch(/certificate required/i)
  })

  it('keeps the certificate from other accounts', async () => {
    expect((await call('GET', `/v1/client-certificates/${certificateId}`, undefined, other.headers)).statusCode).toBe(404)
    expect((await call('DELETE', `/v1/client-certificates/${certificateId}`, undefined, other.headers)).statusCode).toBe(404)
    expect((await call('GET', '/v1/client-certificates', undefined, other.headers)).json()).toEqual([])
    expect((await call('GET', `/v1/client-certificates/${certificateId}`)).statusCode).toBe(200)
  })

  it('lets a READ_ONLY member read certificates but neither upload nor delete one', async () => {
    await setupOwner(t)
    const reader = await invitedUser(t, 'reader@example.com', 'READ_ONLY')
    expect((await reader.call('GET', '/v1/client-certificates')).statusCode).toBe(200)
    expect((await reader.call('GET', `/v1/client-certificates/${certificateId}`)).statusCode).toBe(200)
    const refusals = [
      await reader.call('DELETE', `/v1/client-certificates/${certificateId}`),
      await reader.call('POST', '/v1/client-certificates', { host: 'b.test', cert: pki.clientCert, key: pki.clientKey }),
    ]
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json<{ message: string }>().message).toMatch(/READ_ONLY may not change this account/)
    }
  })

  it.each([
    { name: 'a key of another certificate', body: (p: TestPki) => ({ host: 'a.test', cert: p.clientCert, key: p.otherKey }), fields: ['key'] },
    { name: 'garbage PEM', body: () => ({ host: 'a.test', cert: 'not a certificate', key: 'not a key' }), fields: ['cert', 'key'] },
    { name: 'a wrong passphrase', body: (p: TestPki) => ({ host: 'a.test', cert: p.clientCert, key: p.clientKeyEncrypted, passphrase: 'wrong' }), fields: ['passphrase'] },
    { name: 'an encrypted key without passphrase', body: (p: TestPki) => ({ host: 'a.test', cert: p.clientCert, key: p.clientKeyEncrypted }), fields: ['passphrase'] },
    { name: 'no key', body: (p: TestPki) => ({ host: 'a.test', cert: p.clientCert }), fields: ['key'] },
    { name: 'a URL as host and a bad CA', body: (p: TestPki) => ({ host: 'https://a.test', cert: p.clientCert, key: p.clientKey, ca: 'nope' }), fields: ['host', 'ca'] },
    { name: 'no host, a number as cert', body: (p: TestPki) => ({ cert: 42, key: p.clientKey }), fields: ['host', 'cert'] },
  ])('refuses $name with a 400 naming the field', async ({ body, fields }) => {
    const res = await call('POST', '/v1/client-certificates', body(pki))
    expect(res.statusCode, res.body).toBe(400)
    const answer = res.json() as { statusCode: number; error: string; message: string; attributes: Json }
    expect(answer).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(answer.attributes).sort()).toEqual([...fields].sort())
  })

  it('shows the key and passphrase nowhere: answers, log lines, database rows', async () => {
    const secrets = [pki.passphrase, ...keyForms(pki.clientKeyEncrypted), ...keyForms(pki.clientKey)]
    const rows = await dumpAllRows(t.store)
    expect(rows).toContain('enc:v1:')
    expect(lines.length).toBeGreaterThan(0)
    for (const s of secrets) {
      for (const a of answers) expect(a.includes(s), `an answer holds ${s.slice(0, 12)}…`).toBe(false)
      for (const l of lines) expect(l.includes(s), `a log line holds ${s.slice(0, 12)}…`).toBe(false)
      expect(rows.includes(s), `a row holds ${s.slice(0, 12)}…`).toBe(false)
    }
  })

  it('deletes it, after which checks no longer present it', async () => {
    expect((await call('DELETE', `/v1/client-certificates/${certificateId}`)).statusCode).toBe(204)
    expect((await call('GET', `/v1/client-certificates/${certificateId}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/v1/client-certificates/${certificateId}`)).statusCode).toBe(404)
    const refused = await runCheck(t.headers, { skipSSL: true })
    expect(refused.status).toBe('failing')
  })
})
