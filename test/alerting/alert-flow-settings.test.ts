import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { MIN, startFlow, type Flow } from './alert-flow-kit.js'

describe.each(testDbs)('alert settings, silences, incidents and the check-alerts API on $name', (db) => {
  let f: Flow
  beforeAll(async () => {
    f = await startFlow(db)
  })
  afterAll(async () => {
    await f.close()
  })
  const remove = async (id: string) => expect((await f.t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
  const ok = async (method: 'POST' | 'PUT', url: string, body: unknown, status = 200) => {
    const res = await f.t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as Record<string, unknown>
  }

  it('a muted check (or a check in a muted group) records nothing; once unmuted a still-failing check alerts', async () => {
    f.target.set('muted', { status: 500 })
    const id = await f.createCheck('muted', { muted: true, alertSettings: { reminders: { amount: 5, interval: 1 } } })
    await f.runSlot(id)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual([])
    await ok('PUT', `/v1/checks/api/${id}`, { muted: false })
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await remove(id)

    const group = await ok('POST', '/v1/check-groups', { name: 'quiet group', muted: true, locations: ['us-east-1'] }, 201)
    f.target.set('in-group', { status: 500 })
    const member = await f.createCheck('in-group', { groupId: group.id })
    await f.runSlot(member)
    f.target.set('in-group', { status: 200 })
    await f.runSlot(member)
    expect(await f.alertTypes(member)).toEqual([])
    await remove(member)
  })

  it('a matching maintenance window silences alerts; after it ends the failure alerts', async () => {
    const now = f.clock.now()
    await ok('POST', '/v1/maintenance-windows', { name: 'upgrade', tags: ['db'], startsAt: new Date(now).toISOString(), endsAt: new Date(now + 10 * MIN).toISOString() }, 201)
    f.target.set('maint', { status: 500 })
    f.target.set('other', { status: 500 })
    const id = await f.createCheck('maint', { tags: ['db'] })
    const other = await f.createCheck('other', { tags: ['web'] })
    await f.runSlot(id)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual([])
    expect(await f.alertTypes(other)).toEqual(['ALERT_FAILURE'])
    f.clock.set(now + 10 * MIN)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await remove(id)
    await remove(other)
  })

  it('useGlobalAlertSettings takes the account alert settings; a group policy overrides the check', async () => {
    await ok('PUT', '/v1/accounts/me/alert-settings', { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 } })
    f.target.set('global', { status: 500 })
    const id = await f.createCheck('global', { useGlobalAlertSettings: true, alertSettings: { runBasedEscalation: { failedRunThreshold: 1 } } })
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual([])
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await remove(id)
    await ok('PUT', '/v1/accounts/me/alert-settings', {})

    const group = await ok('POST', '/v1/check-groups', { name: 'policy group', locations: ['us-east-1'], alertSettings: { runBasedEscalation: { failedRunThreshold: 3 } } }, 201)
    f.target.set('grouped', { status: 500 })
    const member = await f.createCheck('grouped', { groupId: group.id, alertSettings: { runBasedEscalation: { failedRunThreshold: 1 } } })
    await f.runSlot(member)
    await f.runSlot(member)
    expect(await f.alertTypes(member)).toEqual([])
    await f.runSlot(member)
    expect(await f.alertTypes(member)).toEqual(['ALERT_FAILURE'])
    await remove(member)
  })

  it('triggerIncident opens an incident on the failure alert and resolves it on recovery', async () => {
    const service = await ok('POST', '/v1/status-pages/services', { name: 'Public API' }, 200)
    f.target.set('incident', { status: 500 })
    const id = await f.createCheck('incident', {
      alertSettings: { runBasedEscalation: { failedRunThreshold: 2 } },
      triggerIncident: { serviceId: service.id, severity: 'CRITICAL', name: 'API down', description: 'We are looking into it', notifySubscribers: false },
    })
    const incidents = async () => ((await f.t.call('GET', '/v1/status-pages/incidents?limit=100')).json() as { entries: Array<Record<string, unknown>> }).entries
    await f.runSlot(id)
    expect(await incidents()).toEqual([])
    await f.runSlot(id)
    await f.runSlot(id)
    const open = await incidents()
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ name: 'API down', severity: 'CRITICAL', lastUpdateStatus: 'INVESTIGATING', services: [{ id: service.id }] })
    f.target.set('incident', { status: 200 })
    await f.runSlot(id)
    const resolved = await incidents()
    expect(resolved).toHaveLength(1)
    expect(resolved[0]).toMatchObject({ id: open[0]?.id, lastUpdateStatus: 'RESOLVED' })
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY'])
    // The next failure opens a new incident.
    f.target.set('incident', { status: 500 })
    await f.runSlot(id)
    await f.runSlot(id)
    expect((await incidents()).map((i) => i.lastUpdateStatus)).toEqual(['INVESTIGATING', 'RESOLVED'])
    await remove(id)
  })

  it('GET /v1/check-alerts: account-wide, paged, newest first, within [from, to); another account sees nothing', async () => {
    const start = f.clock.now()
    f.target.set('list-a', { status: 500 })
    f.target.set('list-b', { status: 500 })
    const a = await f.createCheck('list-a')
    const b = await f.createCheck('list-b')
    await f.runSlot(a)
    await f.runSlot(b)
    const failedBy = Math.floor(f.clock.now() / 1000) + 1
    f.clock.set(failedBy * 1000 + MIN)
    f.target.set('list-a', { status: 200 })
    f.target.set('list-b', { status: 200 })
    await f.runSlot(a)
    await f.runSlot(b)
    const from = Math.floor(start / 1000)
    const page1 = await f.t.call('GET', `/v1/check-alerts?limit=3&from=${from}`)
    expect(page1.statusCode).toBe(200)
    expect(page1.headers['content-range']).toBe('0-2/4')
    const items = page1.json() as Array<Record<string, unknown>>
    expect(items.map((x) => x.alertType)).toEqual(['ALERT_RECOVERY', 'ALERT_RECOVERY', 'ALERT_FAILURE'])
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      [
        'alertType',
        'checkId',
        'checkResultId',
        'checkType',
        'created_at',
        'error',
        'id',
        'isReminder',
        'name',
        'reminderSequence',
        'responseTime',
        'runLocation',
        'startedAt',
        'statusCode',
      ].sort(),
    )
    // Each alert names the result that raised it: the failure's is a failed result of its check.
    const failure = items[2] ?? {}
    const raisedBy = await f.t.call('GET', `/v1/check-results/${String(failure.checkId)}/${String(failure.checkResultId)}`)
    expect(raisedBy.statusCode).toBe(200)
    expect(raisedBy.json()).toMatchObject({ hasFailures: true })
    const page2 = await f.t.call('GET', `/v1/check-alerts?limit=3&page=2&from=${from}`)
    expect(page2.headers['content-range']).toBe('3-3/4')
    expect((await f.alertTypes(b)).length).toBe(2)
    // Default window: the last 6 hours up to now.
    const total = (res: { headers: Record<string, unknown> }) => Number(String(res.headers['content-range']).split('/')[1])
    expect(total(await f.t.call('GET', '/v1/check-alerts?limit=100'))).toBeGreaterThanOrEqual(4)
    // to is exclusive and from inclusive: [from, failedBy) holds only the failures.
    const failures = (await f.t.call('GET', `/v1/check-alerts?limit=100&from=${from}&to=${failedBy}`)).json() as Array<Record<string, unknown>>
    expect(failures.map((x) => x.alertType)).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE'])
    expect(((await f.t.call('GET', `/v1/check-alerts?limit=100&from=${failedBy}`)).json() as Array<Record<string, unknown>>).map((x) => x.alertType)).toEqual([
      'ALERT_RECOVERY',
      'ALERT_RECOVERY',
    ])
    // Only `to`: the 6 hours before it; an hour from now on: nothing.
    const now = Math.floor(f.clock.now() / 1000)
    expect(total(await f.t.call('GET', `/v1/check-alerts?limit=100&to=${now + 1}`))).toBeGreaterThanOrEqual(4)
    expect((await f.t.call('GET', `/v1/check-alerts?from=${now + 3600}`)).json()).toEqual([])

    const other = await f.t.otherAccount()
    const theirs = await f.t.app.inject({ method: 'GET', url: `/v1/check-alerts?from=${from}`, headers: other.headers })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toEqual([])
    const peek = await f.t.app.inject({ method: 'GET', url: `/v1/check-alerts/${a}?from=${from}`, headers: other.headers })
    expect(peek.statusCode).toBe(404)
    expect((await f.t.call('GET', '/v1/check-alerts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)

    const bad = async (query: string, field: string) => {
      const res = await f.t.call('GET', `/v1/check-alerts?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().attributes), query).toContain(field)
    }
    await bad(`from=${from}&to=${from + 6 * 3600 + 1}`, 'to')
    await bad(`from=${from}&to=${from}`, 'to')
    await bad('from=yesterday', 'from')
    await bad('limit=101', 'limit')
    expect((await f.t.call('GET', `/v1/check-alerts?from=${from}&to=${from + 6 * 3600}`)).statusCode).toBe(200)
    await remove(a)
    await remove(b)
  })
})
