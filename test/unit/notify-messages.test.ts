import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildVariables, templateContext } from '../../src/alerting/channels/variables.js'
import { buildWebhookRequest, type WebhookConfig } from '../../src/alerting/channels/webhook.js'
import { buildSlackMessage } from '../../src/alerting/channels/slack.js'
import { buildEmail } from '../../src/alerting/channels/email.js'
import { buildSmsRequestBody, buildSmsText, SMS_MAX_CHARS } from '../../src/alerting/channels/sms.js'
import { BACKOFF_MS, MAX_ATTEMPTS, nextAttemptAt, parseRetryAfter, type FailedOutcome } from '../../src/alerting/notifier-retry.js'
import type { AlertRecord } from '../../src/alerting/types.js'
import { ALERT_AT, payloadOf } from '../helpers/receivers/alert-factory.js'

const sources = { resultLinkBase: 'https://picket.example' }
const vars = (over: Partial<AlertRecord> = {}) => buildVariables(payloadOf(over), sources)
const webhook = (config: WebhookConfig, over: Partial<AlertRecord> = {}) =>
  buildWebhookRequest({
    config,
    variables: vars(over),
    context: templateContext(payloadOf(over), { ...sources, accountVariables: { TOKEN: 't0k' } }),
    alertAt: ALERT_AT,
    now: ALERT_AT,
  })

describe('webhook requests', () => {
  it('sends the variables as JSON by default, with the timestamp headers and no signature without a secret', () => {
    const req = webhook({ url: 'https://hooks.test/in' })
    expect(req.method).toBe('POST')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['x-picket-timestamp']).toBe(String(ALERT_AT))
    expect(req.headers['x-checkly-timestamp']).toBe(String(ALERT_AT))
    expect(req.headers['x-picket-signature']).toBeUndefined()
    expect(JSON.parse(req.body ?? '')).toMatchObject({ ALERT_TYPE: 'ALERT_FAILURE', CHECK_ID: 'check-1', TAGS: ['prod', 'team:payments'], RUN_LOCATION: 'Frankfurt' })
  })
  it('signs the exact body with HMAC-SHA256 of the secret', () => {
    const req = webhook({ url: 'https://hooks.test/in', template: '{"t":"{{ALERT_TITLE}}"}', webhookSecret: 's3cret' })
    const expected = createHmac('sha256', 's3cret')
      .update(req.body ?? '')
      .digest('hex')
    expect(req.headers['x-picket-signature']).toBe(expected)
    expect(req.headers['x-checkly-signature']).toBe(expected)
  })
  it('renders url, query parameters and headers, and lets configured headers replace defaults', () => {
    const req = webhook({
      url: 'https://hooks.test/{{CHECK_ID}}/{{TOKEN}}?fixed=1',
      method: 'PUT',
      headers: [
        { key: 'Authorization', value: 'Bearer {{TOKEN}}' },
        { key: 'Content-Type', value: 'application/vnd.x+json' },
      ],
      queryParameters: [{ key: 'name', value: '{{CHECK_NAME}}' }],
      template: 'plain {{CHECK_NAME}}',
    })
    expect(req.method).toBe('PUT')
    const url = new URL(req.url)
    expect(url.pathname).toBe('/check-1/t0k')
    expect(url.searchParams.get('fixed')).toBe('1')
    expect(url.searchParams.get('name')).toBe('Shop "API"')
    expect(req.headers.Authorization).toBe('Bearer t0k')
    expect(req.headers['Content-Type']).toBe('application/vnd.x+json')
    expect(req.headers['content-type']).toBeUndefined()
    expect(req.body).toBe('plain Shop &quot;API&quot;')
  })
  it('sends no body with GET and HEAD (and signs the empty body)', () => {
    const req = webhook({ url: 'https://hooks.test/in', method: 'GET', webhookSecret: 'k' })
    expect(req.body).toBeNull()
    expect(req.headers['x-picket-signature']).toBe(createHmac('sha256', 'k').update('').digest('hex'))
  })
  it('refuses a URL that does not render to http(s) and a bad header name', () => {
    expect(() => webhook({ url: '{{CHECK_TYPE}}' })).toThrow(/url template/)
    expect(() => webhook({ url: 'https://x.test', headers: [{ key: 'Bad Name', value: 'x' }] })).toThrow(/header/)
  })
})

describe('Slack messages', () => {
  it.each([
    ['ALERT_FAILURE', '#a30200'],
    ['ALERT_RECOVERY', '#2eb886'],
    ['ALERT_DEGRADED', '#daa038'],
  ] as const)('%s is coloured %s', (alertType, color) => {
    const msg = buildSlackMessage(vars({ alertType }), { url: 'https://hooks.slack.test/x', channel: '#ops' }) as { attachments: Array<{ color: string }>; channel: string }
    expect(msg.attachments[0]?.color).toBe(color)
    expect(msg.channel).toBe('#ops')
  })
  it('has the headline as text and the details in blocks, escaped for mrkdwn', () => {
    const msg = buildSlackMessage(vars({ error: '<script> & co' }), { url: 'https://x' })
    expect(msg.text).toBe('Check "Shop "API"" has failed')
    const blocks = JSON.stringify(msg.attachments)
    expect(blocks).toContain('https://picket.example/checks/check-1/results/result-1')
    expect(blocks).toContain('&lt;script&gt; &amp; co')
    expect(blocks).toContain('Frankfurt (eu-central-1)')
    expect(blocks).not.toContain('"channel"')
  })
})

describe('e-mail messages', () => {
  it('has a subject, a text part and an HTML part with the details and the link', () => {
    const mail = buildEmail(vars({ isReminder: true, reminderSequence: 2, error: '<b>boom</b>' }))
    expect(mail.subject).toBe('[Picket] Check "Shop "API"" has failed (reminder 2)')
    expect(mail.text).toContain('Location:')
    expect(mail.text).toContain('Frankfurt (eu-central-1)')
    expect(mail.text).toContain('Result: https://picket.example/checks/check-1/results/result-1')
    expect(mail.html).toContain('&lt;b&gt;boom&lt;/b&gt;')
    expect(mail.html).toContain('href="https://picket.example/checks/check-1/results/result-1"')
    expect(mail.html).toContain('#a30200')
  })
})

describe('SMS texts', () => {
  it('fits 160 characters, with the link when it fits and the error otherwise', () => {
    const short = buildSmsText(vars({ name: 'API' }))
    expect(short).toBe('Picket: Check "API" has failed in Frankfurt https://picket.example/checks/check-1/results/result-1')
    const long = buildSmsText(vars({ name: 'x'.repeat(100), error: 'connection refused '.repeat(20) }))
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_CHARS)
    expect(long).toMatch(/…$/)
    expect(buildSmsRequestBody({ url: 'x', username: undefined, password: undefined, from: 'Picket' }, '+4915112345678', 'hi')).toEqual({
      to: '+4915112345678',
      from: 'Picket',
      text: 'hi',
    })
  })
})

describe('retry policy', () => {
  const failed = (kind: FailedOutcome['kind'], retryAfterMs?: number): FailedOutcome => ({ ok: false, kind, error: 'x', responseStatus: null, result: null, retryAfterMs })
  it.each([
    [1, 20_000],
    [2, 60_000],
    [3, 300_000],
    [4, 900_000],
    [5, 3_600_000],
  ])('after attempt %i waits %i ms', (attempts, wait) => {
    expect(nextAttemptAt(0, attempts, failed('retry'))).toBe(wait)
  })
  it('gives up after the last attempt and at once on final problems', () => {
    expect(BACKOFF_MS).toHaveLength(MAX_ATTEMPTS - 1)
    expect(nextAttemptAt(0, MAX_ATTEMPTS, failed('retry'))).toBeNull()
    expect(nextAttemptAt(0, 1, failed('final'))).toBeNull()
  })
  it('honours Retry-After within 1 s .. 1 h when rate limited', () => {
    expect(nextAttemptAt(0, 1, failed('rate-limited', 5000))).toBe(5000)
    expect(nextAttemptAt(0, 1, failed('rate-limited', 0))).toBe(1000)
    expect(nextAttemptAt(0, 1, failed('rate-limited', 10 * 3_600_000))).toBe(3_600_000)
    expect(nextAttemptAt(0, 2, failed('rate-limited'))).toBe(60_000)
    expect(parseRetryAfter('7', 0)).toBe(7000)
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000)
    expect(parseRetryAfter('soon', 0)).toBeUndefined()
  })
})
