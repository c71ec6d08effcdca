/** Alert channels, their subscriptions and the notification log answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { alertChannelCases, type AlertChannelFixtures } from './cases/alert-channels.js'
import { buildStores } from '../../../src/services/stores.js'
import { enqueueNotifications } from '../../../src/services/alerting/alert-delivery.js'
import { newId } from '../../../src/lib/ids.js'

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
    // A failure alert of the check, queued for a webhook subscribed to it as alert delivery queues it: the
    // notification log then has an entry to show.
    const hook = await t.call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Log', url: 'https://hooks.example.com/log', method: 'POST' } })
    const channelId = hook.json<{ id: number }>().id
    expect((await t.call('PUT', `/v1/alert-channels/${channelId}/subscriptions`, { checkId: fixtures.checkId, activated: true })).statusCode).toBe(200)
    const queued = await enqueueNotifications(buildStores(t.store), {
      id: newId(),
      accountId: t.accountId,
      checkId: fixtures.checkId,
      alertType: 'ALERT_FAILURE',
      checkType: 'API',
      name: 'Homepage',
      runLocation: 'eu-west-1',
      responseTime: 412,
      error: 'Expected status code 200, received 503',
      statusCode: '503',
      resultId: null,
      startedAt: Date.now() - 1000,
      createdAt: Date.now(),
      isReminder: false,
      reminderSequence: 0,
    })
    expect(queued).toBe(1)
  })
  afterAll(() => t.close())
  itConformsToReference(
    alertChannelCases,
    () => t,
    () => fixtures,
  )
})
