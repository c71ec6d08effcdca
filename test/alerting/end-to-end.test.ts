/**
 * The whole alerting chain on a fake clock: a failing API check against a local target → final results →
 * evaluation → check alerts → outbox → real local receivers (signed webhook, Slack-style, SMTP, SMS gateway),
 * then a reminder, then the recovery.
 */
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { periodicWork } from '../../src/main/periodic.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { deliveryConfig, startReceivers, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { startSwitchTarget, type SwitchTarget } from './alert-flow-kit.js'

const SECRET = 'whsec-end-to-end-0123456789'

describe.each(testDbs)('a site goes down and recovers, told through every channel, on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let receivers: Receivers
  let target: SwitchTarget
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const errors: unknown[] = []

  beforeAll(async () => {
    receivers = await startReceivers()
    target = await startSwitchTarget()
    t = await startTestApp(db, { clock, delivery: deliveryConfig(receivers) })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.alerting.evaluate(rows).catch((err: unknown) => void errors.push(err)) })
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await receivers.close()
    await target.close()
  })

  const post = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Record<string, unknown>
  }
  const runSlot = async (id: string) => {
    const row = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(row.next_due_at)))
    await e.engine.runOnce()
    expect(errors).toEqual([])
  }
  const periodic = (name: string) =>
    periodicWork(t.services)
      .find((w) => w.name === name)!
      .run()

  it('alerts at the threshold, reminds once, and announces the recovery on webhook, Slack, e-mail and SMS', async () => {
    await post('/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'ops hook', url: `${receivers.hook.url}/hook`, webhookSecret: SECRET } })
    await post('/v1/alert-channels', { type: 'SLACK', config: { url: `${receivers.slack.url}/slack` } })
    await post('/v1/alert-channels', { type: 'EMAIL', config: { address: 'oncall@example.test' } })
    await post('/v1/alert-channels', { type: 'SMS', config: { name: 'on-call phone', number: '+15551234567' } })
    const check = await post('/v1/checks/api', {
      name: 'Shop API',
      frequency: 1,
      doubleCheck: false,
      useGlobalAlertSettings: false,
      tags: ['shop'],
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 5 } },
      request: { url: `${target.url}/t/shop`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
    })
    const id = String(check.id)
    expect((check.alertChannelSubscriptions as unknown[]).length).toBe(4)

    target.set('shop', { status: 503 })
    await runSlot(id)
    await periodic('alert-notifications')
    expect(receivers.hook.requests).toHaveLength(0)
    await runSlot(id)
    await periodic('alert-notifications')

    const [hook] = receivers.hook.requests
    expect(hook).toBeDefined()
    const signature = createHmac('sha256', SECRET).update(hook!.body).digest('hex')
    expect(hook!.headers['x-picket-signature']).toBe(signature)
    const payload = JSON.parse(hook!.body) as Record<string, unknown>
    expect(payload).toMatchObject({ ALERT_TYPE: 'ALERT_FAILURE', CHECK_ID: id, CHECK_NAME: 'Shop API' })
    expect(receivers.slack.requests).toHaveLength(1)
    expect(receivers.smtp.mails).toHaveLength(1)
    expect(receivers.smtp.mails[0]!.subject).toContain('Shop API')
    expect(receivers.smtp.mails[0]!.to).toContain('oncall@example.test')
    expect(receivers.sms.requests).toHaveLength(1)
    expect(JSON.parse(receivers.sms.requests[0]!.body)).toMatchObject({ to: '+15551234567' })

    clock.advance(5 * 60_000)
    await periodic('alert-reminders')
    await periodic('alert-notifications')
    expect(receivers.hook.requests).toHaveLength(2)
    expect(JSON.parse(receivers.hook.requests[1]!.body)).toMatchObject({ ALERT_TYPE: 'ALERT_FAILURE_REMAIN' })

    target.set('shop', { status: 200 })
    await runSlot(id)
    await periodic('alert-notifications')
    expect(JSON.parse(receivers.hook.requests[2]!.body)).toMatchObject({ ALERT_TYPE: 'ALERT_RECOVERY' })
    expect(receivers.smtp.mails).toHaveLength(3)

    const alerts = await t.call('GET', `/v1/check-alerts/${id}?from=${Math.floor(Date.UTC(2026, 5, 1, 12) / 1000)}`)
    expect((alerts.json() as Array<{ alertType: string }>).map((a) => a.alertType).reverse()).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE_REMAIN', 'ALERT_RECOVERY'])
    const log = await t.call('GET', '/v1/alert-notifications?limit=100')
    const entries = log.json() as Array<{ status: string }>
    expect(entries).toHaveLength(12)
    expect(entries.every((n) => n.status === 'SUCCESS')).toBe(true)
  })
})
