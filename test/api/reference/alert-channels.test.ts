/** Alert channels, their subscriptions and the notification log answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { alertChannelCases, type AlertChannelFixtures } from './cases/alert-channels.js'

describe.each(testDbs)('alert channels in the reference shapes on $name', (db) => {
  let t: TestApp
  let fixtures: AlertChannelFixtures
  beforeAll(async () => {
    t = await startTestApp(db)
    const check = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Homepage', request: { method: 'GET', url: 'https://example.com' } })
    const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Production', concurrency: 2 })
    expect(check.statusCode, check.body).toBe(201)
    expect(group.statusCode, group.body).toBe(201)
    fixtures = { checkId: check.json<{ id: string }>().id, groupId: group.json<{ id: number }>().id }
  })
  afterAll(() => t.close())
  itConformsToReference(
    alertChannelCases,
    () => t,
    () => fixtures,
  )
})
