/** GET /v1/alert-notifications[/{id}]: the log of deliveries, its 24-hour window, filters, paging and isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startKit, startReceivers, type Json, type Kit, type Receivers } from '../helpers/receivers/delivery-kit.js'

const HOUR = 3_600_000

describe.each(testDbs)('the alert notification log on $name', (db) => {
  let r: Receivers
  let k: Kit
  let hook: number
  let slack: number
  let checkA: string
  let checkB: string
  let startedAt: number

  beforeAll(async () => {
    r = await startReceivers()
    k = await startKit(db, r)
    startedAt = k.clock.now()
    hook = await k.channel({ type: 'WEBHOOK', config: { name: 'Hook', url: `${r.hook.url}/in` } })
    slack = await k.channel({ type: 'SLACK', config: { url: `${r.slack.url}/x` } })
    checkA = await k.check({ name: 'A' })
    checkB = await k.check({ name: 'B' })
    await k.subscribe(hook, { checkId: checkA })
    await k.subscribe(slack, { checkId: checkA })
    await k.subscribe(hook, { checkId: checkB })
    // Three alerts an hour apart: A (2 channels), B (1 channel, the receiver refuses it for good), A again.
    r.slack.answerNext({ status: 200, body: 'ok' })
    await k.raise(checkA)
    await k.deliver()
    k.clock.advance(HOUR)
    await k.raise(checkB, { name: 'B', alertType: 'ALERT_FAILURE', error: 'timeout' })
    await k.t.call('PUT', `/v1/alert-channels/${hook}`, { config: { name: 'Hook', url: `${r.hook.url}/in`, template: '{{#each}}' } })
    await k.deliver()
    k.clock.advance(HOUR)
    await k.t.call('PUT', `/v1/alert-channels/${hook}`, { config: { name: 'Hook', url: `${r.hook.url}/in`, template: '' } })
    await k.raise(checkA, { alertType: 'ALERT_RECOVERY' })
    await k.deliver()
  })
  afterAll(async () => {
    await k.close()
    await r.close()
  })

  it('lists the last 24 hours newest first, with the total in Content-Range', async () => {
    const res = await k.t.call('GET', '/v1/alert-notifications?limit=2')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-range']).toBe('0-1/5')
    const page1 = res.json() as Json[]
    const page2 = (await k.t.call('GET', '/v1/alert-notifications?limit=2&page=2')).json() as Json[]
    const page3 = (await k.t.call('GET', '/v1/alert-notifications?limit=2&page=3')).json() as Json[]
    const all = [...page1, ...page2, ...page3]
    expect(all).toHaveLength(5)
    const created = all.map((n) => Date.parse(String(n.created_at)))
    expect([...created].sort((a, b) => b - a)).toEqual(created)
    expect(page1.every((n) => n.checkId === checkA)).toBe(true)
    expect(Object.keys(all[0]!).sort()).toEqual([
      'alertChannelId',
      'alertConfig',
      'alertId',
      'alertType',
      'attempts',
      'channelName',
      'channelType',
      'checkAlertId',
      'checkId',
      'checkName',
      'checkResultId',
      'checkType',
      'created_at',
      'id',
      'lastError',
      'nextAttemptAt',
      'notificationResult',
      'responseStatus',
      'sent_at',
      'status',
      'timestamp',
      'type',
    ])
  })

  it('filters by channel, check and failures', async () => {
    expect(await k.log(`&alertChannelId=${slack}`)).toHaveLength(2)
    expect(await k.log(`&checkId=${checkB}`)).toMatchObject([{ checkId: checkB, alertChannelId: hook, status: 'FAILURE', lastError: expect.stringMatching(/template/) }])
    expect(await k.log('&hasFailures=true')).toHaveLength(1)
    expect(await k.log('&hasFailures=false')).toHaveLength(4)
    expect(await k.log(`&alertChannelId=${hook}&checkId=${checkA}`)).toMatchObject([
      { alertType: 'ALERT_RECOVERY', status: 'SUCCESS' },
      { alertType: 'ALERT_FAILURE', status: 'SUCCESS' },
    ])
  })

  it('names the check and the channel as the message named them', async () => {
    expect(await k.log(`&checkId=${checkB}`)).toMatchObject([{ checkName: 'B', channelName: 'Hook', type: 'WEBHOOK' }])
    // A Slack channel is named by its channel, or by its type when it has none: never by its URL, its credential.
    expect(await k.log(`&alertChannelId=${slack}`)).toMatchObject([
      { checkId: checkA, checkName: 'Shop API', channelName: 'Slack', type: 'SLACK' },
      { checkId: checkA, checkName: 'Shop API', channelName: 'Slack', type: 'SLACK' },
    ])
  })

  it('takes a window of at most 24 hours in UNIX seconds', async () => {
    const s = (ms: number) => Math.floor(ms / 1000)
    expect(await k.log(`&from=${s(startedAt)}&to=${s(startedAt + HOUR)}`)).toHaveLength(2)
    expect(await k.log(`&from=${s(startedAt + HOUR)}`)).toHaveLength(3)
    expect(await k.log(`&to=${s(startedAt + HOUR) + 1}`)).toHaveLength(3)
    expect(await k.log(`&from=${s(startedAt + 25 * HOUR)}`)).toHaveLength(0)
    for (const query of [`from=${s(startedAt)}&to=${s(startedAt + 25 * HOUR)}`, `from=${s(startedAt)}&to=${s(startedAt)}`, 'from=-1', 'hasFailures=maybe', 'alertChannelId=0']) {
      const res = await k.t.call('GET', `/v1/alert-notifications?${query}`)
      expect(res.statusCode, query).toBe(400)
    }
  })

  it('gets one notification, and keeps each account to its own', async () => {
    const [latest] = await k.log()
    const one = await k.t.call('GET', `/v1/alert-notifications/${String(latest!.id)}`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual(latest)
    expect((await k.t.call('GET', '/v1/alert-notifications/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const other = await k.t.otherAccount()
    const theirs = await k.t.app.inject({ method: 'GET', url: '/v1/alert-notifications', headers: other.headers })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toEqual([])
    const peek = await k.t.app.inject({ method: 'GET', url: `/v1/alert-notifications/${String(latest!.id)}`, headers: other.headers })
    expect(peek.statusCode).toBe(404)
  })

  it('is in the OpenAPI document', async () => {
    type Schema = { properties: Json; required: string[] }
    const doc = (await k.t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/alert-notifications', '/v1/alert-notifications/{id}']))
    const view = doc.paths['/v1/alert-notifications/{id}']?.get.responses['200']?.content['application/json']?.schema
    expect(Object.keys(view?.properties ?? {})).toEqual(expect.arrayContaining(['checkName', 'channelName', 'privateLocationName']))
    expect(view?.required).not.toContain('channelName')
  })
})
