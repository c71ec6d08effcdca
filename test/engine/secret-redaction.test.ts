/**
 * Secret variables never leave a run. An account secret, a group secret and a check secret are printed
 * by a setup script, sent in the request (URL query, header, body, Basic auth password), echoed back by the target
 * into failing assertions, and thrown in a teardown error. Every place that shows the run afterwards (the result,
 * the result list, the check session, the alert, the error group, the notification log and the webhook, Slack,
 * e-mail and SMS messages) must show `*****` and no form of any secret.
 */
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { periodicWork } from '../../src/main/periodic.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { deliveryConfig, startReceivers, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const ACCT = 'acct"Tok/3n+Zq9&v=1-abcdef' // account variable ACCT_TOKEN
const GROUP = "grp'Pa55 w0rd\\x7-ghijkl" // group variable GROUP_PASS
const CHECK = 'chk-Wv7#Key:Secret%41-mnop' // check variable CHECK_KEY
const SECRETS = { ACCT, GROUP, CHECK }
const REDACTED = '*****'
const WINDOW = 8

/** Every way a secret could show up in the text, computed here independently of the redaction code. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const basic = Buffer.from(`user:${secret}`).toString('base64')
  return [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    inspect(secret).slice(1, -1),
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams({ k: secret }).toString().slice(2),
    // The characters of the Basic token that encode the password alone ('user:' is 5 bytes: 40 bits).
    basic.slice(Math.ceil(40 / 6), Math.floor(((5 + Buffer.byteLength(secret)) * 8) / 6)),
  ]
}

/** Any WINDOW characters in a row of any form of any secret found in the text. */
function leaks(text: string): string[] {
  const found: string[] = []
  for (const [name, secret] of Object.entries(SECRETS)) {
    for (const form of forms(secret)) {
      for (let i = 0; i + WINDOW <= form.length; i++) {
        const piece = form.slice(i, i + WINDOW)
        if (text.includes(piece)) found.push(`${name}: ${piece}`)
      }
    }
  }
  return [...new Set(found)]
}

/** The text and every string in the parsed JSON (keys too), so escaped and unescaped forms are both searched. */
function searchable(body: string): string {
  const strings: string[] = [body]
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        strings.push(k)
        walk(item)
      }
    }
  }
  try {
    walk(JSON.parse(body))
  } catch {
    /* not JSON: the text alone */
  }
  return strings.join('\n')
}

const expectNoLeak = (what: string, body: string) => expect.soft(leaks(searchable(body)), what).toEqual([])

describe.each(testDbs)('secret variables are redacted from everything a run leaves behind, on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let receivers: Receivers
  let target: Target
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const errors: unknown[] = []

  beforeAll(async () => {
    receivers = await startReceivers()
    target = await startHttpTarget()
    t = await startTestApp(db, { clock, delivery: deliveryConfig(receivers) })
    // Alert evaluation and error grouping, as the service wires them behind the writer.
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows).catch((err: unknown) => void errors.push(err)) })
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await receivers.close()
    await target.close()
  })

  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res
  }
  const periodic = (name: string) =>
    periodicWork(t.services)
      .find((w) => w.name === name)!
      .run()

  it('shows ***** in the result, the session, the alert and every notification, and no secret', async () => {
    await ok('POST', '/v1/variables', { key: 'ACCT_TOKEN', value: ACCT, secret: true })
    await ok('POST', '/v1/variables', { key: 'PLAIN_VAR', value: 'plain-visible-value' })
    const template = '{"error":"{{CHECK_ERROR_MESSAGE}}","acct":"{{ACCT_TOKEN}}","group":"{{GROUP_PASS}}","plain":"{{PLAIN_VAR}}"}'
    await ok('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'templated', url: `${receivers.hook.url}/custom`, template } })
    await ok('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'default body', url: `${receivers.hook.url}/default` } })
    await ok('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: `${receivers.slack.url}/slack` } })
    await ok('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'oncall@example.test' } })
    await ok('POST', '/v1/alert-channels', { type: 'SMS', config: { name: 'phone', number: '+15551234567' } })
    const group = (
      await ok('POST', '/v1/check-groups?autoAssignAlerts=false', {
        name: 'secret group',
        environmentVariables: [{ key: 'GROUP_PASS', value: GROUP, secret: true }],
      })
    ).json() as { id: number }
    const check = (
      await ok('POST', '/v1/checks/api', {
        name: 'Secret API',
        frequency: 1,
        doubleCheck: false,
        groupId: group.id,
        useGlobalAlertSettings: false,
        alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 1 } },
        environmentVariables: [{ key: 'CHECK_KEY', value: CHECK, secret: true }],
        localSetupScript: "console.log('ENV:' + JSON.stringify(process.env)); console.log(process.env)",
        localTearDownScript: "throw new Error('teardown saw ' + process.env.CHECK_KEY + ' and ' + process.env.ACCT_TOKEN)",
        request: {
          method: 'POST',
          url: `${target.url}/echo?token={{ACCT_TOKEN}}`,
          bodyType: 'JSON',
          headers: [
            { key: 'X-Api-Key', value: '{{CHECK_KEY}}' },
            { key: 'X-Group', value: '{{{GROUP_PASS}}}' },
          ],
          body: '{"one":"{{{ACCT_TOKEN}}}","two":"{{{GROUP_PASS}}}","three":"{{{CHECK_KEY}}}"}',
          basicAuth: { username: 'user', password: '{{CHECK_KEY}}' },
          assertions: [
            { source: 'JSON_BODY', property: '$.headers.authorization', comparison: 'EQUALS', target: 'Basic nope' },
            { source: 'JSON_BODY', property: '$.body', comparison: 'EQUALS', target: 'nope' },
            { source: 'JSON_BODY', property: '$.url', comparison: 'EQUALS', target: 'nope' },
            { source: 'TEXT_BODY', comparison: 'CONTAINS', target: 'never-there' },
          ],
        },
      })
    ).json() as { id: string }
    const id = check.id

    const trigger = await ok('POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })
    const sessionId = String((trigger.json() as { sessions: Array<{ checkSessionId: string }> }).sessions[0]!.checkSessionId)
    await e.engine.runOnce()
    expect(errors).toEqual([])
    await periodic('alert-notifications')

    // The run really used the secrets: the target saw all of them.
    const list = await ok('GET', `/v1/check-results/${id}?limit=100`)
    const [summary] = list.json() as Array<{ id: string }>
    expect(summary).toBeDefined()
    const detail = await ok('GET', `/v1/check-results/${id}/${summary!.id}`)
    const result = detail.json() as {
      error: string
      errorKind: string
      apiCheckResult: Record<string, unknown> & { jobLog: { lines: string[] }; assertions: Array<{ actual: unknown }> }
    }
    expect(result.errorKind, detail.body).toBe('ASSERTION')
    const run = result.apiCheckResult
    const request = run.request as { url: string; body: string }
    const response = run.response as { body: string }
    const echoed = JSON.parse(response.body) as { url: string; body: string; headers: Record<string, string> }

    // Each path shows the redaction marker where the secret was.
    expect.soft(run.jobLog.lines.find((l) => l.startsWith('ENV:'))).toContain(`"ACCT_TOKEN":"${REDACTED}"`)
    expect.soft(run.jobLog.lines.find((l) => l.startsWith('ENV:'))).toContain(`"GROUP_PASS":"${REDACTED}"`)
    expect.soft(run.jobLog.lines.find((l) => l.startsWith('ENV:'))).toContain(`"CHECK_KEY":"${REDACTED}"`)
    expect.soft(run.jobLog.lines.some((l) => l.includes(`CHECK_KEY: '${REDACTED}'`))).toBe(true)
    expect.soft(request.url).toBe(`${target.url}/echo?token=${REDACTED}`)
    expect.soft(request.body).toBe(`{"one":"${REDACTED}","two":"${REDACTED}","three":"${REDACTED}"}`)
    expect.soft(echoed.url).toBe(`/echo?token=${REDACTED}`)
    expect.soft(echoed.body).toBe(`{"one":"${REDACTED}","two":"${REDACTED}","three":"${REDACTED}"}`)
    expect.soft(echoed.headers['x-api-key']).toBe(REDACTED)
    expect.soft(echoed.headers['x-group']).toBe(REDACTED)
    expect.soft(echoed.headers.authorization).toContain(REDACTED)
    expect.soft(result.apiCheckResult.assertions.map((a) => String(a.actual)).every((a) => a.includes(REDACTED))).toBe(true)
    expect.soft(result.error).toContain(`teardown saw ${REDACTED} and ${REDACTED}`)
    expect.soft(result.error).toContain(REDACTED)

    // And no form of any secret is anywhere.
    expectNoLeak('result', detail.body)
    expectNoLeak('result list', list.body)
    expectNoLeak('check session', (await ok('GET', `/v1/check-sessions/${sessionId}`)).body)
    const alerts = await ok('GET', `/v1/check-alerts/${id}?from=${Math.floor(clock.now() / 1000) - 3600}`)
    expect.soft(alerts.body).toContain(REDACTED)
    expectNoLeak('check alerts', alerts.body)
    const errorGroups = await ok('GET', `/v1/error-groups/checks/${id}`)
    expect.soft(errorGroups.body).toContain(REDACTED)
    expectNoLeak('error groups', errorGroups.body)
    const notifications = await ok('GET', '/v1/alert-notifications?limit=100')
    expect.soft((notifications.json() as Array<{ status: string }>).map((n) => n.status)).toEqual(Array(5).fill('SUCCESS'))
    expectNoLeak('notification log', notifications.body)

    const custom = receivers.hook.requests.find((r) => r.url === '/custom')
    const plainHook = receivers.hook.requests.find((r) => r.url === '/default')
    expect.soft(JSON.parse(custom!.body)).toMatchObject({ acct: '', group: '', plain: 'plain-visible-value' })
    expect.soft(custom!.body).toContain(REDACTED)
    expect.soft(plainHook!.body).toContain(REDACTED)
    expect.soft(receivers.slack.requests[0]!.body).toContain(REDACTED)
    expect.soft(receivers.smtp.mails).toHaveLength(1)
    expect.soft(receivers.sms.requests).toHaveLength(1)
    const sent = [
      ...receivers.hook.requests.map((r) => r.body),
      ...receivers.slack.requests.map((r) => r.body),
      ...receivers.sms.requests.map((r) => r.body),
      ...receivers.smtp.mails.map((m) => JSON.stringify(m)),
    ]
    for (const [i, body] of sent.entries()) expectNoLeak(`delivered message ${i}`, body)
  })
})
