/** The current account and its account-level alert settings (what useGlobalAlertSettings points at). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const DEFAULTS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}
const URL = '/v1/accounts/me/alert-settings'

describe.each(testDbs)('account and account alert settings on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('GET /v1/accounts/me returns the account of the key', async () => {
    const res = await t.call('GET', '/v1/accounts/me')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: t.accountId, name: 'Default account', created_at: expect.any(String) })
    expect(new Date(res.json().created_at).toISOString()).toBe(res.json().created_at)
    const other = await t.otherAccount()
    const theirs = await t.app.inject({ method: 'GET', url: '/v1/accounts/me', headers: other.headers })
    expect(theirs.json()).toMatchObject({ id: other.accountId, name: 'Other' })
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts/me' })).statusCode).toBe(401)
  })

  it('has the default alert settings until they are set', async () => {
    const res = await t.call('GET', URL)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(DEFAULTS)
  })

  it('sets them, fills the parts left out with defaults, and keeps them per account', async () => {
    const res = await t.call('PUT', URL, {
      escalationType: 'TIME_BASED',
      timeBasedEscalation: { minutesFailingThreshold: 15 },
      reminders: { amount: 2 },
      sslCertificates: { enabled: true },
    })
    expect(res.statusCode, res.body).toBe(200)
    const expected = { ...DEFAULTS, escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 }, reminders: { amount: 2, interval: 5 } }
    expect(res.json()).toEqual(expected)
    expect((await t.call('GET', URL)).json()).toEqual(expected)

    const other = await t.otherAccount()
    expect((await t.app.inject({ method: 'GET', url: URL, headers: other.headers })).json()).toEqual(DEFAULTS)

    const replaced = await t.call('PUT', URL, { runBasedEscalation: { failedRunThreshold: 3 }, parallelRunFailureThreshold: { enabled: true, percentage: 50 } })
    expect(replaced.json()).toEqual({ ...DEFAULTS, runBasedEscalation: { failedRunThreshold: 3 }, parallelRunFailureThreshold: { enabled: true, percentage: 50 } })
    expect((await t.call('PUT', URL, {})).json()).toEqual(DEFAULTS)
  })

  it('rejects invalid settings, naming the field, and keeps the stored ones', async () => {
    const stored = (await t.call('PUT', URL, { reminders: { amount: 1, interval: 10 } })).json()
    const cases: Array<[unknown, string]> = [
      [{ escalationType: 'ON_FIRE' }, 'escalationType'],
      [{ runBasedEscalation: { failedRunThreshold: 6 } }, 'runBasedEscalation.failedRunThreshold'],
      [{ timeBasedEscalation: { minutesFailingThreshold: 7 } }, 'timeBasedEscalation.minutesFailingThreshold'],
      [{ reminders: { amount: 6 } }, 'reminders.amount'],
      [{ reminders: { interval: 7 } }, 'reminders.interval'],
      [{ parallelRunFailureThreshold: { enabled: 'yes' } }, 'parallelRunFailureThreshold.enabled'],
      [{ parallelRunFailureThreshold: { percentage: 15 } }, 'parallelRunFailureThreshold.percentage'],
      [{ reminders: 'often' }, 'reminders'],
    ]
    for (const [body, field] of cases) {
      const res = await t.call('PUT', URL, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.json().attributes), JSON.stringify(body)).toContain(field)
    }
    expect((await t.call('GET', URL)).json()).toEqual(stored)
  })

  it('has general settings: badgesEnabled, default false, per account, apart from the alert settings', async () => {
    const GENERAL = '/v1/accounts/me/settings'
    expect((await t.call('GET', GENERAL)).json()).toEqual({ badgesEnabled: false })
    const alerts = (await t.call('PUT', URL, { reminders: { amount: 3 } })).json()
    const res = await t.call('PUT', GENERAL, { badgesEnabled: true, unknownKey: 1 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ badgesEnabled: true })
    expect((await t.call('GET', GENERAL)).json()).toEqual({ badgesEnabled: true })
    expect((await t.call('GET', URL)).json()).toEqual(alerts)
    const other = await t.otherAccount()
    expect((await t.app.inject({ method: 'GET', url: GENERAL, headers: other.headers })).json()).toEqual({ badgesEnabled: false })
    for (const body of [{ badgesEnabled: 'yes' }, { badgesEnabled: 1 }, { badgesEnabled: null }]) {
      const bad = await t.call('PUT', GENERAL, body)
      expect(bad.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(bad.json().attributes)).toContain('badgesEnabled')
    }
    expect((await t.call('GET', GENERAL)).json()).toEqual({ badgesEnabled: true })
    expect((await t.call('PUT', GENERAL, {})).json()).toEqual({ badgesEnabled: false })
    expect((await t.app.inject({ method: 'GET', url: GENERAL })).statusCode).toBe(401)
  })
})
