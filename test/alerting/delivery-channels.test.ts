/** Delivery to each channel type through real local receivers, and which channels an alert goes to. */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { RESULT_LINK_BASE, startKit, startReceivers, type Json, type Kit, type Receivers } from '../helpers/receivers/delivery-kit.js'

const verify = (secret: string, body: string, signature: unknown): boolean => {
  const digest = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'))
  const given = Buffer.from(String(signature))
  return digest.length === given.length && timingSafeEqual(digest, given)
}

describe.each(testDbs)('notification delivery per channel on $name', (db) => {
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

  it('posts the default JSON body to a webhook, signed with the secret', async () => {
    const channel = await k.channel({ type: 'WEBHOOK', config: { name: 'Hook', url: `${r.hook.url}/alerts`, webhookSecret: 'whsec-123456' } })
    const checkId = await k.check({ tags: ['prod'], description: 'Checkout API' })
    await k.subscribe(channel, { checkId })
    const { alert, queued } = await k.raise(checkId)
    expect(queued).toBe(1)
    expect(await k.deliver()).toMatchObject({ attempted: 1, delivered: 1, failed: 0 })
    expect(r.hook.requests).toHaveLength(1)
    const req = r.hook.requests[0]!
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/alerts')
    expect(req.headers['content-type']).toBe('application/json')
    expect(verify('whsec-123456', req.body, req.headers['x-picket-signature'])).toBe(true)
    expect(req.headers['x-checkly-signature']).toBe(req.headers['x-picket-signature'])
    expect(req.headers['x-picket-timestamp']).toBe(String(alert.createdAt))
    expect(JSON.parse(req.body)).toMatchObject({
      ALERT_TITLE: 'Check "Shop API" has failed',
      ALERT_TYPE: 'ALERT_FAILURE',
      CHECK_ID: checkId,
      CHECK_NAME: 'Shop API',
      CHECK_TYPE: 'API',
      CHECK_DESCRIPTION: 'Checkout API',
      CHECK_RESULT_ID: alert.resultId,
      CHECK_ERROR_MESSAGE: 'Expected status 200, got 503',
      TAGS: ['prod'],
      REGION: 'eu-west-1',
      RUN_LOCATION: 'Ireland',
      RESPONSE_TIME: 250,
      RESULT_LINK: `${RESULT_LINK_BASE}/checks/${checkId}/results/${String(alert.resultId)}`,
      STARTED_AT: new Date(alert.startedAt).toISOString(),
      API_CHECK_RESPONSE_STATUS_CODE: 503,
      IS_REMINDER: false,
      REMINDER_SEQUENCE: 0,
    })
    const [entry] = await k.log()
    expect(entry).toMatchObject({
      alertChannelId: channel,
      checkId,
      checkAlertId: alert.id,
      alertId: alert.id,
      type: 'WEBHOOK',
      status: 'SUCCESS',
      attempts: 1,
      responseStatus: 200,
      notificationResult: 'ok',
      lastError: null,
      nextAttemptAt: null,
    })
    expect((entry!.alertConfig as Json).webhookSecret).toBe('whs…')
  })

  it('renders a custom template with variables, TAGS, group name, headers, query parameters and account variables', async () => {
    const res = await k.t.call('POST', '/v1/variables', { key: 'HOOK_TOKEN', value: 'tok-42' })
    expect(res.statusCode, res.body).toBe(201)
    const group = await k.group({ tags: ['payments'] })
    const channel = await k.channel({
      type: 'WEBHOOK',
      config: {
        name: 'Custom',
        url: `${r.hook.url}/hook/{{CHECK_ID}}`,
        method: 'PUT',
        headers: [{ key: 'Authorization', value: 'Bearer {{HOOK_TOKEN}}' }],
        queryParameters: [{ key: 'type', value: '{{ALERT_TYPE}}' }],
        template:
          '{"text": "{{ALERT_TITLE}} in {{RUN_LOCATION}}", "group": "{{GROUP_NAME}}", "tags": [{{#each TAGS}}"{{this}}"{{#unless @last}},{{/unless}}{{/each}}], "team": "{{tagValue TAGS "team" "none"}}", "state": "{{#contains ALERT_TYPE "RECOVERY"}}resolved{{else}}open{{/contains}}"}',
      },
    })
    const checkId = await k.check({ name: 'Pay "v2"', groupId: group, tags: ['team:core', 'prod'] })
    await k.subscribe(channel, { checkId })
    await k.raise(checkId, { name: 'Pay "v2"', alertType: 'ALERT_RECOVERY', runLocation: 'us-west-1' })
    await k.deliver()
    const req = r.hook.requests[0]!
    expect(req.method).toBe('PUT')
    expect(req.url).toBe(`/hook/${checkId}?type=ALERT_RECOVERY`)
    expect(req.headers.authorization).toBe('Bearer tok-42')
    expect(JSON.parse(req.body)).toEqual({
      text: 'Check "Pay "v2"" has recovered in N. California',
      group: expect.stringMatching(/^Group /),
      tags: ['team:core', 'prod', 'payments'],
      team: 'core',
      state: 'resolved',
    })
    expect(req.headers['x-picket-signature']).toBeUndefined()
  })

  it('posts a Slack message with the colour of the alert and the channel', async () => {
    const channel = await k.channel({ type: 'SLACK', config: { url: `${r.slack.url}/services/T0/B0/x`, channel: '#ops' } })
    const checkId = await k.check()
    await k.subscribe(channel, { checkId })
    await k.raise(checkId, { alertType: 'ALERT_DEGRADED', error: null })
    expect(await k.deliver()).toMatchObject({ delivered: 0, attempted: 0 })
    await k.t.call('PUT', `/v1/alert-channels/${channel}`, { sendDegraded: true })
    await k.raise(checkId, { alertType: 'ALERT_DEGRADED', error: null })
    expect(await k.deliver()).toMatchObject({ delivered: 1 })
    const req = r.slack.requests[0]!
    expect(req.url).toBe('/services/T0/B0/x')
    const msg = JSON.parse(req.body) as { text: string; channel: string; attachments: Array<{ color: string; blocks: unknown[] }> }
    expect(msg.text).toBe('Check "Shop API" is degraded')
    expect(msg.channel).toBe('#ops')
    expect(msg.attachments[0]!.color).toBe('#daa038')
    expect(JSON.stringify(msg.attachments[0]!.blocks)).toContain(`${RESULT_LINK_BASE}/checks/${checkId}/results/`)
  })

  it('sends an e-mail with a text and an HTML part through the SMTP server', async () => {
    const channel = await k.channel({ type: 'EMAIL', config: { address: 'oncall@example.com' } })
    const checkId = await k.check()
    await k.subscribe(channel, { checkId })
    const { alert } = await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ delivered: 1 })
    expect(r.smtp.mails).toHaveLength(1)
    const mail = r.smtp.mails[0]!
    expect(mail.from).toBe('alerts@picket.test')
    expect(mail.to).toEqual(['oncall@example.com'])
    expect(mail.subject).toBe('[Picket] Check "Shop API" has failed')
    const link = `${RESULT_LINK_BASE}/checks/${checkId}/results/${String(alert.resultId)}`
    expect(mail.text).toContain('Check "Shop API" has failed')
    expect(mail.text).toContain('Expected status 200, got 503')
    expect(mail.text).toContain(link)
    expect(mail.html).toContain('<table')
    expect(mail.html).toContain(`href="${link}"`)
    expect(mail.html).toContain('Ireland (eu-west-1)')
    const [entry] = await k.log()
    expect(entry).toMatchObject({ type: 'EMAIL', status: 'SUCCESS', attempts: 1 })
    expect(String(entry!.notificationResult)).toMatch(/^250/)
  })

  it('sends an SMS through the gateway with Basic auth', async () => {
    const channel = await k.channel({ type: 'SMS', config: { name: 'On call', number: '+14155550100' } })
    const checkId = await k.check()
    await k.subscribe(channel, { checkId })
    await k.raise(checkId)
    expect(await k.deliver()).toMatchObject({ delivered: 1 })
    const req = r.sms.requests[0]!
    expect(req.url).toBe('/messages')
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('gateway-user:gateway-pass').toString('base64')}`)
    const body = JSON.parse(req.body) as { to: string; from: string; text: string }
    expect(body.to).toBe('+14155550100')
    expect(body.from).toBe('Picket')
    expect(body.text).toMatch(/^Picket: Check "Shop API" has failed in Ireland/)
    expect(body.text.length).toBeLessThanOrEqual(160)
  })

  it('respects channel flags, deactivated subscriptions, group subscriptions, SSL thresholds and muting', async () => {
    const noRecovery = await k.channel({ type: 'WEBHOOK', config: { name: 'No recovery', url: `${r.hook.url}/a` }, sendRecovery: false })
    const paused = await k.channel({ type: 'WEBHOOK', config: { name: 'Paused', url: `${r.hook.url}/b` } })
    const viaGroup = await k.channel({ type: 'WEBHOOK', config: { name: 'Group', url: `${r.hook.url}/c` }, sslExpiry: true, sslExpiryThreshold: 14 })
    const group = await k.group()
    const checkId = await k.check({ groupId: group })
    await k.subscribe(noRecovery, { checkId })
    await k.subscribe(paused, { checkId }, false)
    await k.subscribe(viaGroup, { groupId: group })
    await k.subscribe(viaGroup, { checkId })

    expect((await k.raise(checkId)).queued).toBe(2)
    expect((await k.raise(checkId, { alertType: 'ALERT_RECOVERY' })).queued).toBe(1)
    expect((await k.raise(checkId, { alertType: 'ALERT_SSL', sslDomain: 'example.com', sslDaysRemaining: 20 })).queued).toBe(0)
    expect((await k.raise(checkId, { alertType: 'ALERT_SSL', sslDomain: 'example.com', sslDaysRemaining: 14 })).queued).toBe(1)
    expect((await k.raise(checkId, { alertType: 'NO_ALERT' })).queued).toBe(0)
    expect(await k.deliver()).toMatchObject({ attempted: 4, delivered: 4 })
    const paths = r.hook.requests.map((q) => `${q.url} ${(JSON.parse(q.body) as Json).ALERT_TYPE as string}`).sort()
    expect(paths).toEqual(['/a ALERT_FAILURE', '/c ALERT_FAILURE', '/c ALERT_RECOVERY', '/c ALERT_SSL'])
    const ssl = r.hook.requests.find((q) => q.body.includes('ALERT_SSL'))!
    expect(JSON.parse(ssl.body)).toMatchObject({
      ALERT_TITLE: 'The SSL certificate for example.com will expire in 14 days',
      SSL_CHECK_DOMAIN: 'example.com',
      SSL_DAYS_REMAINING: 14,
    })

    const muted = await k.t.call('PUT', `/v1/check-groups/${group}`, { muted: true })
    expect(muted.statusCode, muted.body).toBe(200)
    expect((await k.raise(checkId)).queued).toBe(0)
  })
})
