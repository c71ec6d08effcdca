import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { MIN, startFlow, type Flow } from './alert-flow-kit.js'

const remind = (amount: number, interval: number) => ({ reminders: { amount, interval } })

describe.each(testDbs)('alerts from real runs on $name', (db) => {
  let f: Flow
  beforeAll(async () => {
    f = await startFlow(db)
  })
  afterAll(async () => {
    await f.close()
  })
  const remove = async (id: string) => expect((await f.t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)

  it('RUN_BASED threshold 2: ALERT_FAILURE on the 2nd failing run, two reminders 5 and 10 min later, then ALERT_RECOVERY', async () => {
    f.target.set('run2', { status: 500 })
    const id = await f.createCheck('run2', { alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, ...remind(2, 5) } })
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual([])
    await f.runSlot(id)
    const [failure] = await f.alerts(id)
    expect(failure).toMatchObject({
      name: 'check run2',
      checkId: id,
      alertType: 'ALERT_FAILURE',
      checkType: 'API',
      runLocation: 'us-east-1',
      statusCode: '500',
      isReminder: false,
      reminderSequence: 0,
      startedAt: new Date(f.clock.now()).toISOString(),
      created_at: new Date(f.clock.now()).toISOString(),
    })
    expect(typeof failure?.error).toBe('string')
    expect(typeof failure?.responseTime).toBe('number')
    expect(typeof failure?.id).toBe('string')

    // Reminders go out on time even though the check produces no more results.
    const alertedAt = f.clock.now()
    f.clock.set(alertedAt + 4 * MIN)
    await f.runReminders()
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    f.clock.set(alertedAt + 5 * MIN)
    await f.runReminders()
    await f.runReminders()
    f.clock.set(alertedAt + 10 * MIN)
    await f.runReminders()
    for (const m of [15, 20, 30]) {
      f.clock.set(alertedAt + m * MIN)
      await f.runReminders()
    }
    const all = await f.alerts(id)
    expect(all.map((a) => [a.alertType, a.isReminder, a.reminderSequence])).toEqual([
      ['ALERT_FAILURE', false, 0],
      ['ALERT_FAILURE_REMAIN', true, 1],
      ['ALERT_FAILURE_REMAIN', true, 2],
    ])
    expect(all.map((a) => a.created_at)).toEqual([0, 5, 10].map((m) => new Date(alertedAt + m * MIN).toISOString()))

    // Still failing: no more alerts; then the recovery goes out at once.
    await f.runSlot(id)
    f.target.set('run2', { status: 200 })
    await f.runSlot(id)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE_REMAIN', 'ALERT_FAILURE_REMAIN', 'ALERT_RECOVERY'])
    const recovery = (await f.alerts(id))[3]
    expect(recovery).toMatchObject({ statusCode: '200', error: null })
    await remove(id)
  })

  it('a recovery cancels the remaining reminders; a failure below the threshold recovers silently', async () => {
    f.target.set('cancel', { status: 500 })
    const id = await f.createCheck('cancel', { alertSettings: remind(5, 5) })
    await f.runSlot(id)
    const alertedAt = f.clock.now()
    f.clock.set(alertedAt + 5 * MIN)
    await f.runReminders()
    f.target.set('cancel', { status: 200 })
    await f.runSlot(id)
    for (const m of [10, 15, 20, 25, 30]) {
      f.clock.set(alertedAt + m * MIN)
      await f.runReminders()
    }
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE_REMAIN', 'ALERT_RECOVERY'])
    await remove(id)

    f.target.set('silent', { status: 500 })
    const quiet = await f.createCheck('silent', { alertSettings: { runBasedEscalation: { failedRunThreshold: 3 } } })
    await f.runSlot(quiet)
    await f.runSlot(quiet)
    f.target.set('silent', { status: 200 })
    await f.runSlot(quiet)
    expect(await f.alertTypes(quiet)).toEqual([])
    await remove(quiet)
  })

  it('degraded flows: ALERT_DEGRADED, escalation, de-escalation and ALERT_DEGRADED_RECOVERY', async () => {
    // Wide margins both ways: a quick local answer must stay under 1 s even on a loaded machine.
    f.target.set('slow', { status: 200, delayMs: 1500 })
    const id = await f.createCheck('slow', { degradedResponseTime: 1000, maxResponseTime: 20000, alertSettings: {} })
    await f.runSlot(id)
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_DEGRADED'])
    f.target.set('slow', { status: 500, delayMs: 0 })
    await f.runSlot(id)
    f.target.set('slow', { status: 200, delayMs: 1500 })
    await f.runSlot(id)
    f.target.set('slow', { status: 200, delayMs: 0 })
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_DEGRADED', 'ALERT_DEGRADED_FAILURE', 'ALERT_FAILURE_DEGRADED', 'ALERT_DEGRADED_RECOVERY'])
    await remove(id)
  })

  it('TIME_BASED 5 minutes: alerts on the first failing run 5 minutes after failures began', async () => {
    f.target.set('time', { status: 500 })
    const id = await f.createCheck('time', { alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 5 } } })
    await f.runSlot(id)
    const began = f.clock.now()
    for (let i = 1; i <= 4; i++) await f.runSlot(id)
    expect(f.clock.now() - began).toBe(4 * MIN)
    expect(await f.alertTypes(id)).toEqual([])
    await f.runSlot(id)
    expect(f.clock.now() - began).toBe(5 * MIN)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await f.runSlot(id)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await remove(id)
  })

  it('parallel runs: a run failing in several locations counts once; parallelRunFailureThreshold needs that share of locations', async () => {
    const locations = ['us-east-1', 'eu-west-1', 'ap-south-1', 'sa-east-1']
    const parallel = (key: string, alertSettings: Record<string, unknown>) =>
      f.createCheck(key, { runParallel: true, locations, request: { method: 'GET', url: `${f.target.url}/r/${key}/{{REGION}}` }, alertSettings })

    f.target.set('once', { failRegions: locations })
    const once = await parallel('once', { runBasedEscalation: { failedRunThreshold: 2 } })
    await f.runSlot(once)
    expect(f.e.finals.filter((r) => r.check_id === once)).toHaveLength(4)
    expect(await f.alertTypes(once)).toEqual([])
    await f.runSlot(once)
    expect(await f.alertTypes(once)).toEqual(['ALERT_FAILURE'])
    await remove(once)

    const half = await parallel('half', { parallelRunFailureThreshold: { enabled: true, percentage: 50 } })
    f.target.set('half', { failRegions: ['eu-west-1'] })
    await f.runSlot(half)
    expect(await f.alertTypes(half)).toEqual([])
    f.target.set('half', { failRegions: ['eu-west-1', 'sa-east-1'] })
    await f.runSlot(half)
    const alerts = await f.alerts(half)
    expect(alerts.map((a) => a.alertType)).toEqual(['ALERT_FAILURE'])
    expect(['eu-west-1', 'sa-east-1']).toContain(alerts[0]?.runLocation)
    f.target.set('half', { failRegions: [] })
    await f.runSlot(half)
    expect(await f.alertTypes(half)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY'])
    await remove(half)
  })

  it('instances evaluating the results of one parallel run at once raise one alert, and one reminder each time', async () => {
    const locations = ['us-east-1', 'eu-west-1', 'ap-south-1', 'sa-east-1']
    const id = await f.createCheck('concurrent', { runParallel: true, locations, activated: false, alertSettings: { reminders: { amount: 1, interval: 1 } } })
    const slot = f.clock.now()
    const rows = locations.map((location) => ({
      id: crypto.randomUUID(),
      account_id: f.t.accountId,
      check_id: id,
      check_type: 'API',
      sequence_id: crypto.randomUUID(),
      run_job_id: crypto.randomUUID(),
      attempt: 1,
      result_type: 'FINAL',
      location,
      status: 'failing',
      has_failures: 1,
      has_errors: 0,
      is_degraded: 0,
      over_max_response_time: 0,
      response_time: 5,
      error_kind: null,
      error_message: 'boom',
      status_code: 500,
      scheduled_at: slot,
      started_at: slot,
      stopped_at: slot,
      trigger: 'SCHEDULER',
      session_id: null,
      doc: JSON.stringify({ parallelTotal: 4 }),
      metrics: null,
      created_at: slot,
    }))
    // Each location's result handed to evaluation separately and at the same time, as several instances would.
    await Promise.all(rows.map((r) => f.t.services.alerting.evaluate([r])))
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE'])
    await f.t.call('PUT', `/v1/checks/api/${id}`, { activated: true })
    f.clock.advance(MIN)
    const sent = await Promise.all([1, 2, 3].map(() => f.t.services.alerting.sendDueReminders()))
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await f.alertTypes(id)).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE_REMAIN'])
    await remove(id)
  })

  it('heartbeat results take the same path (location "heartbeat")', async () => {
    const res = await f.t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'nightly job',
      script: '',
      useGlobalAlertSettings: false,
      alertSettings: {},
      heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as string
    const now = f.clock.now()
    const row = {
      id: crypto.randomUUID(),
      account_id: f.t.accountId,
      check_id: id,
      check_type: 'HEARTBEAT',
      sequence_id: crypto.randomUUID(),
      run_job_id: 'heartbeat',
      attempt: 1,
      result_type: 'FINAL',
      location: 'heartbeat',
      status: 'failing',
      has_failures: 1,
      has_errors: 0,
      is_degraded: 0,
      over_max_response_time: 0,
      response_time: 0,
      error_kind: null,
      error_message: 'No ping received',
      status_code: null,
      scheduled_at: null,
      started_at: now,
      stopped_at: now,
      trigger: 'HEARTBEAT',
      session_id: null,
      doc: '{}',
      metrics: null,
      created_at: now,
    }
    await f.t.services.alerting.evaluate([row])
    await f.t.services.alerting.evaluate([{ ...row, id: crypto.randomUUID(), status: 'passing', has_failures: 0, error_message: null, started_at: now + 1 }])
    const alerts = await f.alerts(id)
    expect(alerts.map((a) => [a.alertType, a.runLocation, a.checkType])).toEqual([
      ['ALERT_FAILURE', 'heartbeat', 'HEARTBEAT'],
      ['ALERT_RECOVERY', 'heartbeat', 'HEARTBEAT'],
    ])
    expect(alerts[0]?.error).toBe('No ping received')
    await remove(id)
  })
})
