/**
 * Client certificates on private locations, on both stores: the job an agent leases carries its account's client
 * certificates (with the keys, which the agent's runner needs for the handshake) when the check's requests present
 * them (API, URL), none of another account's, and none for check types that make no HTTP request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/services/stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { makeTestPki, type TestPki } from '../helpers/test-pki.js'

type Json = Record<string, unknown>
const AGENT = '6f1d2c3b-1111-4222-8333-444455556667'

describe.each(testDbs)('client certificates in agent jobs on $name', (db) => {
  let t: TestApp
  let pki: TestPki
  beforeAll(async () => {
    pki = makeTestPki()
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  /** A private location of the account, a check of `type` there, and its job queued; what the agent leases. */
  const leaseOne = async (headers: Record<string, string>, accountId: string, type: 'api' | 'tcp', slug: string) => {
    const call = (url: string, payload: Json) => t.app.inject({ method: 'POST', url, headers, payload })
    const loc = (await call('/v1/private-locations', { name: slug, slugName: slug })).json() as { id: string; keys: Array<{ rawKey: string }> }
    const request = type === 'api' ? { url: 'https://a.target.test/' } : { hostname: 'a.target.test', port: 443 }
    const created = await call(`/v1/checks/${type}?autoAssignAlerts=false`, { name: `${type} check`, locations: [], privateLocations: [slug], request })
    expect(created.statusCode, created.body).toBe(201)
    const now = Date.now()
    const [job] = firstAttemptJobs({
      accountId,
      checkId: String((created.json() as Json).id),
      targets: [{ location: slug, privateLocationId: loc.id }],
      scheduledAt: now,
      now,
      trigger: 'SCHEDULE',
      sessionId: null,
    })
    await buildStores(t.store).jobs.insertMany([job!])
    const res = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/jobs/lease',
      headers: { authorization: `Bearer ${loc.keys[0]!.rawKey}`, 'x-picket-agent': AGENT, 'x-picket-agent-version': '1.0.0' },
      payload: { capacity: 10, waitSeconds: 0, checkTypes: [type.toUpperCase()] },
    })
    expect(res.statusCode, res.body).toBe(200)
    const jobs = (res.json() as { jobs: Array<{ spec: Json }> }).jobs
    expect(jobs).toHaveLength(1)
    return jobs[0]!.spec
  }

  it("carries the account's certificates in API jobs only, and no other account's", async () => {
    const other = await t.otherAccount()
    const upload = async (headers: Record<string, string>, body: Json) => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/client-certificates', headers, payload: body })
      expect(res.statusCode, res.body).toBe(201)
    }
    await upload(t.headers, { host: '*.target.test', cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase })
    await upload(other.headers, { host: 'other.target.test', cert: pki.clientCert, key: pki.clientKey, ca: pki.caCert })

    const mine = await leaseOne(t.headers, t.accountId, 'api', 'cert-office')
    expect(mine.clientCertificates).toEqual([{ host: '*.target.test', cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase, ca: null }])
    const theirs = await leaseOne(other.headers, other.accountId, 'api', 'other-office')
    expect(theirs.clientCertificates).toEqual([{ host: 'other.target.test', cert: pki.clientCert, key: pki.clientKey, passphrase: null, ca: pki.caCert }])
    const tcp = await leaseOne(t.headers, t.accountId, 'tcp', 'tcp-office')
    expect(tcp).not.toHaveProperty('clientCertificates')
  })
})
