/**
 * What creating an API check does with fields it does not take and with its query options: read-only and unknown
 * fields are ignored (the service owns id, type, timestamps and alert channels), and autoAssignAlerts must be a boolean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { EMPTY_ALERT_CHANNELS, UUID, checkApi } from '../../helpers/check-contract.js'
import { api } from './cases/api.js'

const CREATE_URL = '/v1/checks/api'

describe.each(testDbs)('API check creation options on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const { total, create } = checkApi(
    () => t,
    CREATE_URL,
    () => api.minimal,
  )

  it('ignores read-only and unknown fields in the body', async () => {
    const check = await create({
      ...api.minimal,
      id: 'my-own-id',
      checkType: 'TCP',
      created_at: '2000-01-01',
      updated_at: '2000-01-02',
      alertChannels: { email: [{ address: 'a@example.com' }] },
      colour: 'blue',
    })
    expect(check.id).toMatch(UUID)
    expect(check.checkType).toBe('API')
    expect(check.created_at).not.toBe('2000-01-01')
    expect(check.updated_at).toBeNull()
    expect(check.alertChannels).toEqual(EMPTY_ALERT_CHANNELS)
    expect(check).not.toHaveProperty('colour')
  })

  it('takes autoAssignAlerts=false and rejects a value that is not a boolean', async () => {
    const res = await t.call('POST', `${CREATE_URL}?autoAssignAlerts=false`, api.minimal)
    expect(res.statusCode, res.body).toBe(201)
    const before = await total()
    const bad = await t.call('POST', `${CREATE_URL}?autoAssignAlerts=maybe`, api.minimal)
    expect(bad.statusCode, bad.body).toBe(400)
    expect(Object.keys(bad.json().attributes)).toContain('autoAssignAlerts')
    expect(await total()).toBe(before)
  })
})
