/** The outbox: retries with backoff, rate limits, giving up, problems that are not retried, restarts, many instances. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { deliveryConfig, startKit, startReceivers, type Json, type Kit, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { PUBLIC_BASE_URL } from '../helpers/app.js'
import { startHttpReceiver } from '../helpers/receivers/http-receiver.js'
import { buildServices } from '../../src/services/index.js'
import { buildStores } from '../../src/services/stores.js'

describe.each(testDbs)('notification retries on $name', (db) => {
  let r: Receivers
  let k: Kit
  beforeAll(async () => {
    r = await startReceivers()
  })
  afterAll(() => r.close())
  beforeEach(async () => {
    for (const x of [r.hook, r.slack, r.sms]) x.clear()
    r.smtp.mails.length = 0
    k = await startKit(db, r)
  })
  afterEach(() => k.close())

  const webhookCheck = async (config: Json = {}, flags: Json = {}) => {
    const channel = await k.channel({ type: 'WEBHOOK', config: { name: 'Hook', url: `${r.hook.url}/in`, webhookSecret: 'k3y-secret', ...config }, ...flags })
    const checkId = await k.check()
    await k.subscribe(channel, { checkId })
    return { channel, checkId }
  }
  const only = async () => {
    const list = await k.log()
    expect(list).toHaveLength(1)
    return list[0]!
  }

  it('delivers once to a receiver that fails three times, after 20 s, 1 min and 5 min of backoff', async () => {
    const { checkId } = await webhookCheck()
    r.hook.answerNext({ status: 500 }, { status: 503 }, { status: 502 })
    await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ attempted: 1, delivered: 0, failed: 0 })
    expect(await only()).toMatchObject({
      status: 'IN_PROGRESS',
      attempts: 1,
      responseStatus: 500,
      lastError: 'the receiver answered HTTP 500 Internal Server Error',
      nextAttemptAt: new Date(k.clock.now() + 20_000).toISOString(),
    })
    expect(await k.deliver()).toMatchObject({ attempted: 0 })
    for (const wait of [20_000, 60_000]) {
      k.clock.advance(wait)
      expect(await k.deliver()).toMatchObject({ attempted: 1, delivered: 0 })
    }
    k.clock.advance(299_000)
    expect(await k.deliver()).toMatchObject({ attempted: 0 })
    k.clock.advance(1_000)
    expect(await k.deliver()).toMatchObject({ attempted: 1, delivered: 1 })
    k.clock.advance(3_600_000)
    expect(await k.deliver()).toMatchObject({ attempted: 0 })

    expect(r.hook.requests).toHaveLength(4)
    expect(new Set(r.hook.requests.map((q) => q.body)).size).toBe(1)
    expect(new Set(r.hook.requests.map((q) => q.headers['x-picket-timestamp'])).size).toBe(1)
    expect(await only()).toMatchObject({
      status: 'SUCCESS',
      attempts: 4,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      sent_at: new Date(k.clock.now() - 3_600_000).toISOString(),
    })
  })

  it('waits for Retry-After when rate limited', async () => {
    const { checkId } = await webhookCheck()
    r.hook.answerNext({ status: 429, headers: { 'retry-after': '7' } })
    await k.raise(checkId)
    await k.deliver()
    expect(await only()).toMatchObject({ status: 'RATE_LIMITED', attempts: 1, responseStatus: 429, nextAttemptAt: new Date(k.clock.now() + 7_000).toISOString() })
    k.clock.advance(7_000)
    expect(await k.deliver()).toMatchObject({ delivered: 1 })
    expect(await only()).toMatchObject({ status: 'SUCCESS', attempts: 2 })
  })

  it('gives up after six attempts and lists it with hasFailures', async () => {
    const { channel, checkId } = await webhookCheck()
    r.hook.answerNext(...Array.from({ length: 6 }, () => ({ status: 500, body: 'down' })))
    const { alert } = await k.raise(checkId)
    for (const wait of [0, 20_000, 60_000, 300_000, 900_000, 3_600_000]) {
      k.clock.advance(wait)
      expect(await k.deliver()).toMatchObject({ attempted: 1 })
    }
    k.clock.advance(86_000_000)
    expect(await k.deliver()).toMatchObject({ attempted: 0 })
    expect(r.hook.requests).toHaveLength(6)
    expect(await k.log()).toEqual([])
    const query = `&from=${Math.floor(alert.createdAt / 1000)}`
    expect(await k.log(`${query}&hasFailures=true&alertChannelId=${channel}`)).toMatchObject([
      { status: 'FAILURE', attempts: 6, notificationResult: 'down', nextAttemptAt: null, sent_at: null },
    ])
    expect(await k.log(`${query}&hasFailures=false`)).toEqual([])
  })

  it('does not retry what a retry cannot fix: a bad template, a deleted channel, a permanent SMTP rejection', async () => {
    const { checkId } = await webhookCheck({ template: '{{#if}}broken' })
    await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ attempted: 1, failed: 1 })
    expect(await only()).toMatchObject({ status: 'FAILURE', attempts: 1, lastError: expect.stringMatching(/^body template does not render/) })

    const gone = await k.channel({ type: 'SLACK', config: { url: `${r.slack.url}/x` } })
    const mail = await k.channel({ type: 'EMAIL', config: { address: 'nobody@example.com' } })
    const other = await k.check()
    await k.subscribe(gone, { checkId: other })
    await k.subscribe(mail, { checkId: other })
    await k.raise(other)
    expect((await k.t.call('DELETE', `/v1/alert-channels/${gone}`)).statusCode).toBe(204)
    r.smtp.rejectNext(1, 550)
    expect(await k.deliver()).toMatchObject({ attempted: 2, failed: 2 })
    const [toGone] = await k.log(`&alertChannelId=${gone}`)
    expect(toGone).toMatchObject({ status: 'FAILURE', lastError: 'the alert channel was deleted before the notification was delivered' })
    const [toMail] = await k.log(`&alertChannelId=${mail}`)
    expect(toMail).toMatchObject({ status: 'FAILURE', responseStatus: 550, lastError: expect.stringContaining('SMTP delivery to nobody@example.com failed') })
    expect(r.slack.requests).toHaveLength(0)
  })

  it('retries a transient SMTP rejection and a receiver that is down', async () => {
    const mail = await k.channel({ type: 'EMAIL', config: { address: 'ops@example.com' } })
    const down = await startHttpReceiver()
    await down.close()
    const hook = await k.channel({ type: 'WEBHOOK', config: { name: 'Down', url: `${down.url}/in` } })
    const checkId = await k.check()
    await k.subscribe(mail, { checkId })
    await k.subscribe(hook, { checkId })
    r.smtp.rejectNext(1, 451)
    await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ attempted: 2, delivered: 0, failed: 0 })
    const [toMail] = await k.log(`&alertChannelId=${mail}`)
    expect(toMail).toMatchObject({ status: 'IN_PROGRESS', responseStatus: 451 })
    const [toHook] = await k.log(`&alertChannelId=${hook}`)
    expect(toHook).toMatchObject({ status: 'IN_PROGRESS', lastError: expect.stringContaining('ECONNREFUSED') })
    k.clock.advance(20_000)
    expect(await k.deliver()).toMatchObject({ attempted: 2, delivered: 1 })
    expect(r.smtp.mails).toHaveLength(1)
  })

  it('fails at once with a clear message when SMTP or the SMS gateway is not configured', async () => {
    await k.close()
    const base = deliveryConfig(r)
    k = await startKit(db, r, { ...base, smtp: { url: undefined, from: 'x@y.z' }, sms: { url: undefined, username: undefined, password: undefined, from: undefined } })
    const mail = await k.channel({ type: 'EMAIL', config: { address: 'ops@example.com' } })
    const sms = await k.channel({ type: 'SMS', config: { name: 'On call', number: '+14155550100' } })
    const checkId = await k.check()
    await k.subscribe(mail, { checkId })
    await k.subscribe(sms, { checkId })
    await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ attempted: 2, failed: 2 })
    expect(await k.log(`&alertChannelId=${mail}`)).toMatchObject([{ status: 'FAILURE', attempts: 1, lastError: expect.stringMatching(/^SMTP is not configured/) }])
    expect(await k.log(`&alertChannelId=${sms}`)).toMatchObject([{ status: 'FAILURE', attempts: 1, lastError: expect.stringMatching(/^SMS is not configured/) }])
  })

  it('after a restart, delivers what was queued and, once its lease expires, what a stopped instance was sending', async () => {
    const { checkId } = await webhookCheck()
    const first = await k.raise(checkId)
    const second = await k.raise(checkId)
    // The stopped instance had leased one row (IN_PROGRESS) and died before recording an outcome.
    const [held] = await buildStores(k.t.store).notifications.lease({ now: k.clock.now(), limit: 1, leasedBy: 'stopped-instance', leaseUntil: k.clock.now() + 60_000 })
    expect(held).toBeDefined()
    await k.t.app.close()

    const restarted = buildServices({ store: k.t.store, clock: k.clock, publicBaseUrl: PUBLIC_BASE_URL, delivery: deliveryConfig(r) })
    expect(await restarted.notifications.deliverDue()).toMatchObject({ reaped: 0, attempted: 1, delivered: 1 })
    k.clock.advance(30_000)
    expect(await restarted.notifications.deliverDue()).toMatchObject({ attempted: 0 })
    k.clock.advance(30_001)
    expect(await restarted.notifications.deliverDue()).toMatchObject({ reaped: 1, attempted: 1, delivered: 1 })

    const delivered = r.hook.requests.map((q) => (JSON.parse(q.body) as Json).ALERT_ID).sort()
    expect(delivered).toEqual([first.alert.id, second.alert.id].sort())
    const rows = await restarted.notifications.list(k.t.accountId, { limit: 10, page: 1 })
    expect(rows.items.map((x) => [x.status, x.attempts]).sort()).toEqual([
      ['SUCCESS', 1],
      ['SUCCESS', 2],
    ])
  })

  it('sends each notification once with two instances delivering at the same time', async () => {
    const { checkId } = await webhookCheck()
    for (let i = 0; i < 30; i++) await k.raise(checkId)
    const other = buildServices({ store: k.t.store, clock: k.clock, publicBaseUrl: PUBLIC_BASE_URL, delivery: deliveryConfig(r) })
    const reports = await Promise.all([k.deliver(), other.notifications.deliverDue(), k.deliver(), other.notifications.deliverDue()])
    expect(reports.reduce((n, x) => n + x.delivered, 0)).toBe(30)
    const ids = r.hook.requests.map((q) => (JSON.parse(q.body) as Json).ALERT_ID)
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
  })
})
