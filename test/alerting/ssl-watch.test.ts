/**
 * Which certificates are watched (https API checks, sslCheckDomain of browser checks, {{VARIABLES}} in the host),
 * claims shared by instances, and sslDaysRemaining in check statuses.
 */
import { describe, expect, it } from 'vitest'
import { sslCertificateService } from '../../src/services/ssl/ssl-certificates.js'
import { buildStores, transactor } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine } from '../helpers/engine.js'
import { DAY_MS, HOUR, useSslHarness, type Json } from './ssl-harness.js'

describe.each(testDbs)('SSL certificates watched on $name', (db) => {
  const h = useSslHarness(db)
  const { clock, target, channel, subscriptions, apiCheck, run, row } = h

  it('watches https API checks and browser checks with sslCheckDomain; not http URLs or deactivated checks', async () => {
    const x = await target(10)
    const ch = await channel()
    const browser = await h.t.call('POST', '/v1/checks/browser?autoAssignAlerts=false', {
      name: 'Browser',
      script: 'export default async () => {}',
      sslCheckDomain: `127.0.0.1:${x.port}`,
      alertChannelSubscriptions: subscriptions([ch]),
    })
    expect(browser.statusCode, browser.body).toBe(201)
    const browserId = browser.json().id as string
    const plain = await apiCheck(`http://127.0.0.1:${x.port}/`, [ch])
    const off = await apiCheck(x.url, [ch], { activated: false })
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect(await row(browserId)).toMatchObject({ domain: '127.0.0.1', port: x.port, daysRemaining: 10 })
    expect(await row(plain)).toBeUndefined()
    expect(await row(off)).toBeUndefined()

    // Deactivating the browser check drops its row; activating the other adds one.
    expect((await h.t.call('PUT', `/v1/checks/browser/${browserId}`, { activated: false })).statusCode).toBe(200)
    expect((await h.t.call('PUT', `/v1/checks/api/${off}`, { activated: true })).statusCode).toBe(200)
    clock.advance(60_000)
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect(await row(browserId)).toBeUndefined()
    expect(await row(off)).toMatchObject({ daysRemaining: 10 })
  })

  it('resolves {{VARIABLES}} in the URL host, and records why when it cannot', async () => {
    const x = await target(12)
    const ch = await channel()
    const resolved = await apiCheck(`https://{{SSL_HOST}}:${x.port}/`, [ch], { environmentVariables: [{ key: 'SSL_HOST', value: '127.0.0.1' }] })
    const missing = await apiCheck(`https://{{LATER_HOST}}:${x.port}/`, [ch])
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect(await row(resolved)).toMatchObject({ domain: '127.0.0.1', daysRemaining: 12 })
    const r = await row(missing)
    expect(r).toMatchObject({ domain: '', validTo: null })
    expect(r?.lastError).toContain('{{LATER_HOST}}')

    // An account variable defined later is picked up by the next full sync (hourly).
    expect((await h.t.call('POST', '/v1/variables', { key: 'LATER_HOST', value: '127.0.0.1' })).statusCode).toBe(201)
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 2, alerts: 1 })
    expect(await row(missing)).toMatchObject({ domain: '127.0.0.1', daysRemaining: 12, lastError: expect.stringMatching(/not trusted/i) })
    await h.t.call('DELETE', '/v1/variables/LATER_HOST')
  })

  it('probes each due certificate once when instances run the job at the same time', async () => {
    const x = await target(15)
    const ch = await channel()
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => apiCheck(x.url, [ch])))
    await run()
    clock.advance(HOUR)
    const other = sslCertificateService({ stores: buildStores(h.t.store), transact: transactor(h.t.store), clock, tuning: { batch: 2 } })
    const [a, b] = await Promise.all([run(), other.checkCertificates()])
    expect((a?.probed ?? 0) + (b?.probed ?? 0)).toBe(ids.length)
    for (const id of ids) expect(await row(id)).toMatchObject({ nextCheckAt: clock.now() + HOUR })
  })

  it('shows sslDaysRemaining in check statuses; a deleted check takes its row along', async () => {
    const x = await target(45)
    const id = await apiCheck(x.url, [], { frequencyOffset: 1, locations: ['us-east-1'] })
    await run()
    // A run of the check gives it a status.
    const e = startTestEngine(h.t.store, clock)
    try {
      const due = await h.t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
      clock.set(Math.max(clock.now(), Number(due.next_due_at)))
      expect((await e.engine.runOnce()).started).toBe(1)
    } finally {
      await e.engine.stop()
    }
    const status = await h.t.call('GET', `/v1/check-statuses/${id}`)
    expect(status.statusCode, status.body).toBe(200)
    expect(status.json()).toMatchObject({ checkId: id, status: 'passing', sslDaysRemaining: 45 })
    const all = (await h.t.call('GET', '/v1/check-statuses')).json() as Json[]
    expect(all.find((s) => s.checkId === id)).toMatchObject({ sslDaysRemaining: 45 })
    // Time passes between hourly readings: the days count from the certificate's expiry date.
    clock.advance(2 * DAY_MS)
    expect((await h.t.call('GET', `/v1/check-statuses/${id}`)).json().sslDaysRemaining).toBe(43)

    expect((await h.t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
    expect(await row(id)).toBeUndefined()
  })
})
