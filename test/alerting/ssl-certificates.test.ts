/**
 * SSL certificate expiry alerts end to end: real HTTPS targets with certificates made at test time, the real TLS
 * probe, the periodic job on a fake clock and ALERT_SSL read back through GET /v1/check-alerts.
 */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { DAY_MS, HOUR, useSslHarness } from './ssl-harness.js'

describe.each(testDbs)('SSL certificate expiry alerts on $name', (db) => {
  const h = useSslHarness(db)
  const { clock, target, channel, subscriptions, apiCheck, run, alerts, row } = h

  it('raises one ALERT_SSL when the days remaining reach the threshold, and not again on the next hourly check', async () => {
    const x = await target(20)
    const id = await apiCheck(x.url, [await channel()])
    const start = clock.now()
    expect(await run()).toMatchObject({ probed: 1, failed: 0, alerts: 1 })
    const list = await alerts(id, start)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      alertType: 'ALERT_SSL',
      checkId: id,
      checkType: 'API',
      name: 'TLS target',
      runLocation: 'ssl',
      sslDomain: '127.0.0.1',
      sslDaysRemaining: 20,
      error: null,
      statusCode: null,
      isReminder: false,
    })
    const r = await row(id)
    expect(r).toMatchObject({ domain: '127.0.0.1', port: x.port, daysRemaining: 20, lastCheckedAt: start, nextCheckAt: start + HOUR, alertedThresholds: [30] })
    expect(r?.subject).toContain('CN=localhost')
    // Self-signed: the chain problem is recorded, the expiry was still read.
    expect(r?.lastError).toMatch(/not trusted/i)

    expect(await run()).toMatchObject({ probed: 0, alerts: 0 })
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    expect(await alerts(id, start)).toHaveLength(1)
  })

  it('does not alert above the threshold; alerts on crossing it; a renewed certificate starts over', async () => {
    const x = await target(40)
    const id = await apiCheck(x.url, [await channel()])
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    expect(await row(id)).toMatchObject({ daysRemaining: 40, alertedThresholds: [] })

    clock.advance(11 * DAY_MS)
    const crossedAt = clock.now()
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect((await alerts(id, crossedAt)).map((a) => a.sslDaysRemaining)).toEqual([29])

    await x.renew(clock.now() + 25 * DAY_MS)
    clock.advance(HOUR)
    const renewedAt = clock.now()
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect((await alerts(id, renewedAt)).map((a) => a.sslDaysRemaining)).toEqual([25])
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })

    await x.renew(clock.now() + 90 * DAY_MS)
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    expect(await row(id)).toMatchObject({ daysRemaining: 90, alertedThresholds: [] })
  })

  it('alerts once per threshold of the subscribed channels, and once more when the certificate expires', async () => {
    const x = await target(20)
    const group = (await h.t.call('POST', '/v1/check-groups', { name: 'SSL group', locations: ['us-east-1'] })).json().id as number
    const monthly = await channel()
    const weekly = await channel({ sslExpiryThreshold: 7 })
    const id = await apiCheck(x.url, [monthly], { groupId: group })
    expect((await h.t.call('PUT', `/v1/check-groups/${group}`, { alertChannelSubscriptions: subscriptions([weekly]) })).statusCode).toBe(200)
    const start = clock.now()
    expect(await run()).toMatchObject({ alerts: 1 })
    clock.advance(10 * DAY_MS)
    expect(await run()).toMatchObject({ alerts: 0 })
    clock.advance(4 * DAY_MS)
    expect(await run()).toMatchObject({ alerts: 1 })
    expect(await row(id)).toMatchObject({ daysRemaining: 6, alertedThresholds: [7, 30] })
    clock.advance(6 * DAY_MS + HOUR)
    const expiredAt = clock.now()
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect((await alerts(id, expiredAt)).map((a) => a.sslDaysRemaining)).toEqual([0])
    clock.advance(DAY_MS)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    expect(await row(id)).toMatchObject({ daysRemaining: -1, alertedThresholds: [0, 7, 30] })
    expect(await alerts(id, start)).toHaveLength(1)
  })

  it('records why an unreachable host could not be read, tries again in 15 minutes, and does not alert', async () => {
    const x = await target(5)
    const url = x.url
    await x.close()
    const id = await apiCheck(url, [await channel()])
    const start = clock.now()
    expect(await run()).toMatchObject({ probed: 1, failed: 1, alerts: 0 })
    const r = await row(id)
    expect(r).toMatchObject({ validTo: null, daysRemaining: null, lastCheckedAt: start, nextCheckAt: start + 15 * 60_000 })
    expect(r?.lastError).toMatch(/ECONNREFUSED/)
    clock.advance(15 * 60_000)
    expect(await run()).toMatchObject({ probed: 1, failed: 1, alerts: 0 })
    expect(await alerts(id, start)).toHaveLength(0)
  })

  it('leaves out channels without sslExpiry or with a deactivated subscription, and muted checks', async () => {
    const x = await target(3)
    const off = await channel({ sslExpiry: false })
    const idle = await channel()
    const res = await h.t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'quiet',
      request: { method: 'GET', url: x.url },
      alertChannelSubscriptions: [...subscriptions([off]), ...subscriptions([idle], false)],
    })
    const quiet = res.json().id as string
    const muted = await apiCheck(x.url, [await channel()], { muted: true })
    const start = clock.now()
    expect(await run()).toMatchObject({ probed: 2, alerts: 0 })
    expect(await row(quiet)).toMatchObject({ daysRemaining: 3, alertedThresholds: [] })
    expect(await row(muted)).toMatchObject({ daysRemaining: 3, alertedThresholds: [] })
    // Unmuted, the check alerts at its next reading.
    expect((await h.t.call('PUT', `/v1/checks/api/${muted}`, { muted: false })).statusCode).toBe(200)
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 2, alerts: 1 })
    expect(await alerts(muted, start)).toHaveLength(1)
    expect(await alerts(quiet, start)).toHaveLength(0)
  })

  it('waits for the end of a maintenance window covering the check', async () => {
    const x = await target(8)
    const id = await apiCheck(x.url, [await channel()], { tags: ['tls-maint'] })
    const start = clock.now()
    const window = await h.t.call('POST', '/v1/maintenance-windows', {
      name: 'TLS work',
      tags: ['tls-maint'],
      startsAt: new Date(start - HOUR).toISOString(),
      endsAt: new Date(start + 90 * 60_000).toISOString(),
    })
    expect(window.statusCode, window.body).toBe(201)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 1, alerts: 0 })
    clock.advance(HOUR)
    expect(await run()).toMatchObject({ probed: 1, alerts: 1 })
    expect(await alerts(id, start)).toHaveLength(1)
    await h.t.call('DELETE', `/v1/maintenance-windows/${String(window.json().id)}`)
  })
})
