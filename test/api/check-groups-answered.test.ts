/**
 * A group's alertSettings and browserCheckDefaults as answered: a group without alert settings of its own answers
 * the API's defaults, and a client that sends them back unchanged (a form, a plan) leaves it without; text for
 * browserCheckDefaults, also for a group an earlier version stored with an object there.
 */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { checkGroupsApp, type Json } from '../helpers/check-groups-api.js'

const DEFAULTS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

describe.each(testDbs)('answered group settings on $name', (db) => {
  const fixture = checkGroupsApp(db)
  const stored = async (id: unknown) => (await fixture.stores.checkGroups.get(fixture.t.accountId, Number(id)))?.doc
  const put = async (id: unknown, body: Json) => {
    const res = await fixture.t.call('PUT', `/v2/check-groups/${String(id)}?autoAssignAlerts=false`, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Json>()
  }

  it.each([
    ['sent back as read', {}, null],
    ['sent back with useGlobalAlertSettings null', { useGlobalAlertSettings: null }, null],
    ['chosen explicitly with useGlobalAlertSettings false', { useGlobalAlertSettings: false }, DEFAULTS],
    ['changed', { alertSettings: { ...DEFAULTS, reminders: { amount: 2, interval: 10 } } }, { ...DEFAULTS, reminders: { amount: 2, interval: 10 } }],
  ])('keeps or stores the default alert settings when they are %s', async (_label, change, expected) => {
    const group = await fixture.create({ name: 'Jobs' }, '?autoAssignAlerts=false')
    expect(group.alertSettings).toEqual(DEFAULTS)
    expect((await stored(group.id))?.alertSettings).toBeNull()
    const { id: _id, created_at: _c, updated_at: _u, ...body } = await fixture.get(`/v1/check-groups/${String(group.id)}`)
    const updated = await put(group.id, { ...body, ...change })
    expect((await stored(group.id))?.alertSettings).toEqual(expected)
    expect(updated.alertSettings).toEqual(expected ?? DEFAULTS)
  })

  it('keeps settings a group has of its own when the defaults are sent', async () => {
    const own = { ...DEFAULTS, escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 10 } }
    const group = await fixture.create({ name: 'Own', alertSettings: own }, '?autoAssignAlerts=false')
    await put(group.id, { name: 'Own', alertSettings: DEFAULTS })
    expect((await stored(group.id))?.alertSettings).toEqual(DEFAULTS)
  })

  it('answers browserCheckDefaults as text, also for a group stored with an object', async () => {
    const group = await fixture.create({ name: 'Browser', browserCheckDefaults: 'viewport: 1280x720' }, '?autoAssignAlerts=false')
    expect(group.browserCheckDefaults).toBe('viewport: 1280x720')
    const bare = await fixture.create({ name: 'Bare' }, '?autoAssignAlerts=false')
    expect(bare.browserCheckDefaults).toBe('')
    for (const [doc, text] of [
      [{}, ''],
      [{ viewport: 'wide' }, '{"viewport":"wide"}'],
    ] as const) {
      const before = await stored(bare.id)
      await fixture.stores.checkGroups.update(fixture.t.accountId, Number(bare.id), { ...before, name: 'Bare', browserCheckDefaults: doc } as never, Date.now())
      expect((await fixture.get(`/v1/check-groups/${String(bare.id)}`)).browserCheckDefaults).toBe(text)
    }
    const refused = await fixture.t.call('POST', '/v2/check-groups', { name: 'Object', browserCheckDefaults: { viewport: 'wide' } })
    expect(refused.statusCode).toBe(400)
    expect(Object.keys(refused.json<Json>().attributes as Json)).toEqual(['browserCheckDefaults'])
  })
})
