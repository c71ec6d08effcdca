/**
 * Heartbeats, check statuses, check alerts and badges answer in the reference's shapes, on both stores, for a
 * heartbeat check in a group that received pings and a /fail signal as a job sends them.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { checkStatusCases, heartbeatsCases, type MonitoredFixtures } from './cases/heartbeats.js'

type Json = Record<string, unknown>

describe.each(testDbs)('heartbeats, statuses, alerts and badges in the reference shapes on $name', (db) => {
  let t: TestApp
  let fixtures: MonitoredFixtures
  beforeAll(async () => {
    t = await startTestApp(db)
    const ok = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      const res = await t.call(method, url, body)
      expect(res.statusCode, res.body).toBeLessThan(300)
      return res.json<Json>()
    }
    await ok('PUT', '/v1/accounts/me/settings', { badgesEnabled: true })
    const group = await ok('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Batch jobs', tags: ['jobs'] })
    const check = await ok('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Nightly backup',
      script: '',
      groupId: group.id,
      heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
    })
    const path = new URL(String((check.heartbeat as Json).pingUrl)).pathname
    const ping = async (suffix: string) => {
      const res = await t.app.inject({ method: 'POST', url: `${path}${suffix}`, payload: 'backup done', headers: { 'user-agent': 'backup.sh', 'content-type': 'text/plain' } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<Json>()
    }
    const first = await ping('')
    await ping('/fail')
    fixtures = { heartbeatId: String(check.id), eventId: String(first.eventId), groupId: Number(group.id) }
  })
  afterAll(() => t.close())
  itConformsToReference(
    [...heartbeatsCases, ...checkStatusCases],
    () => t,
    () => fixtures,
  )
})
