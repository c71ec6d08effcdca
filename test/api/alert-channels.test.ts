/** Alert channels through the HTTP API: CRUD per type, config rules, secrets, subscriptions, isolation, checks. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/services/stores.js'

type Json = Record<string, unknown>

const EMAIL = { type: 'EMAIL', config: { address: 'ops@example.com' } }
const WEBHOOK = {
  type: 'WEBHOOK',
  config: {
    name: 'Ops hook',
    url: 'https://hooks.example.com/alerts',
    method: 'PUT',
    headers: [{ key: 'X-Team', value: 'ops' }],
    queryParameters: [{ key: 'source', value: 'picket', locked: true }],
    webhookSecret: 'super-secret-value',
  },
}
const SLACK = { type: 'SLACK', config: { url: 'https://hooks.slack.com/services/T0/B0/x', channel: '#ops' } }
const SMS = { type: 'SMS', config: { name: 'On call', number: '+14155550100' } }

describe.each(testDbs)('alert channels on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  /** Each test starts with no channels and no checks. */
  beforeEach(async () => {
    for (const c of (await t.call('GET', '/v1/alert-channels?limit=100')).json() as Json[]) await t.call('DELETE', `/v1/alert-channels/${String(c.id)}`)
    for (const c of (await t.call('GET', '/v1/checks?limit=100')).json() as Json[]) await t.call('DELETE', `/v1/checks/${String(c.id)}`)
  })

  const create = async (body: Json): Promise<Json> => {
    const res = await t.call('POST', '/v1/alert-channels', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const count = async (): Promise<number> => Number(String((await t.call('GET', '/v1/alert-channels?limit=1')).headers['content-range']).split('/')[1])
  const rejects = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.json().attributes), JSON.stringify(body)).toContain(field)
  }
  const createCheck = async (query = '', extra: Json = {}): Promise<Json> => {
    const res = await t.call('POST', `/v1/checks/api${query}`, { name: 'API', request: { url: 'https://example.com' }, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  describe('create, read, list, update, delete', () => {
    it('creates an EMAIL channel with the default flags', async () => {
      const c = await create(EMAIL)
      expect(c).toMatchObject({
        type: 'EMAIL',
        config: { address: 'ops@example.com' },
        sendRecovery: true,
        sendFailure: true,
        sendDegraded: false,
        sslExpiry: false,
        sslExpiryThreshold: 30,
        autoSubscribe: false,
        subscriptions: [],
        updated_at: null,
      })
      expect(Number.isInteger(c.id)).toBe(true)
      expect(new Date(String(c.created_at)).toISOString()).toBe(c.created_at)
      expect((await t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json()).toEqual(c)
    })

    it('fills webhook defaults and normalizes key-value entries', async () => {
      const c = await create({ type: 'WEBHOOK', config: { name: 'Hook', url: 'https://h.example.com/{{CHECK_ID}}' } })
      expect(c.config).toEqual({
        name: 'Hook',
        url: 'https://h.example.com/{{CHECK_ID}}',
        method: 'POST',
        headers: [],
        queryParameters: [],
        template: '',
        webhookSecret: null,
        webhookType: 'WEBHOOK',
      })
      const full = await create({ ...WEBHOOK, config: { ...WEBHOOK.config, template: '{"t":"{{ALERT_TITLE}}"}', webhookType: 'WEBHOOK_MSTEAMS' } })
      expect(full.config).toMatchObject({
        method: 'PUT',
        headers: [{ key: 'X-Team', value: 'ops', locked: false }],
        queryParameters: [{ key: 'source', value: 'picket', locked: true }],
        template: '{"t":"{{ALERT_TITLE}}"}',
        webhookType: 'WEBHOOK_MSTEAMS',
      })
    })

    it('stores SLACK and SMS configs, dropping unknown config keys', async () => {
      expect((await create({ ...SLACK, config: { ...SLACK.config, extra: 1 } })).config).toEqual({ url: SLACK.config.url, channel: '#ops' })
      expect((await create({ type: 'SLACK', config: { url: 'https://hooks.slack.com/x' } })).config).toEqual({ url: 'https://hooks.slack.com/x', channel: null })
      expect((await create(SMS)).config).toEqual({ name: 'On call', number: '+14155550100' })
    })

    it('lists channels paged with Content-Range', async () => {
      const ids = [] as unknown[]
      for (const body of [EMAIL, WEBHOOK, SLACK, SMS]) ids.push((await create(body)).id)
      const first = await t.call('GET', '/v1/alert-channels?limit=3')
      expect(first.statusCode).toBe(200)
      expect(first.headers['content-range']).toBe('0-2/4')
      const second = await t.call('GET', '/v1/alert-channels?limit=3&page=2')
      expect(second.headers['content-range']).toBe('3-3/4')
      expect([...first.json(), ...second.json()].map((c: Json) => c.id)).toEqual(ids)
      expect((await t.call('GET', '/v1/alert-channels')).headers['content-range']).toBe('0-3/4')
      for (const q of ['?limit=0', '?limit=101', '?page=0']) expect((await t.call('GET', `/v1/alert-channels${q}`)).statusCode).toBe(400)
    })

    it('updates only the fields given, ignores read-only fields, and deletes', async () => {
      const c = await create(EMAIL)
      const url = `/v1/alert-channels/${String(c.id)}`
      const res = await t.call('PUT', url, { sendDegraded: true, sslExpiry: true, sslExpiryThreshold: 7, id: 999, created_at: 'x', subscriptions: [1] })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({ id: c.id, type: 'EMAIL', config: EMAIL.config, sendRecovery: true, sendDegraded: true, sslExpiry: true, sslExpiryThreshold: 7 })
      expect(updated.created_at).toBe(c.created_at)
      expect(typeof updated.updated_at).toBe('string')
      const again = (await t.call('PUT', url, { type: 'EMAIL', config: { address: 'new@example.com' }, sendRecovery: false })).json()
      expect(again).toMatchObject({ config: { address: 'new@example.com' }, sendRecovery: false, sendDegraded: true, sslExpiryThreshold: 7 })
      expect((await t.call('DELETE', url)).statusCode).toBe(204)
      expect((await t.call('DELETE', url)).body).toContain('not found')
      expect((await t.call('GET', url)).statusCode).toBe(404)
      expect((await t.call('PUT', url, { sendDegraded: false })).statusCode).toBe(404)
      expect((await t.call('DELETE', url)).statusCode).toBe(404)
    })

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['123456', 'abc', '1.5', '-1', '0', '99999999999', '7'.repeat(60)]) {
        for (const [method, body] of [['GET'], ['PUT', { sendDegraded: true }], ['DELETE'], ['PUT', { checkId: 'x', activated: true }]] as const) {
          const url = body && 'checkId' in body ? `/v1/alert-channels/${id}/subscriptions` : `/v1/alert-channels/${id}`
          const res = await t.call(method, url, body)
          expect(res.statusCode, `${method} ${url}`).toBe(404)
          expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
        }
      }
    })
  })

  describe('validation', () => {
    it('rejects other types and a missing type or config, naming the field', async () => {
      for (const type of ['PAGERDUTY', 'OPSGENIE', 'CALL', 'SLACK_APP', 'email', 5]) await rejects('POST', '/v1/alert-channels', { type, config: {} }, 'type')
      await rejects('POST', '/v1/alert-channels', { config: { address: 'a@b.co' } }, 'type')
      await rejects('POST', '/v1/alert-channels', { type: 'EMAIL' }, 'config')
      await rejects('POST', '/v1/alert-channels', { type: 'EMAIL', config: 'a@b.co' }, 'config')
      expect(await count()).toBe(0)
    })

    it('checks the flags', async () => {
      for (const [field, value] of [
        ['sendRecovery', 'yes'],
        ['sendFailure', 1],
        ['sendDegraded', null],
        ['sslExpiry', 'true'],
        ['autoSubscribe', 0],
        ['sslExpiryThreshold', 0],
        ['sslExpiryThreshold', 31],
        ['sslExpiryThreshold', 1.5],
        ['sslExpiryThreshold', '7'],
      ] as const) {
        await rejects('POST', '/v1/alert-channels', { ...EMAIL, [field]: value }, field)
      }
      expect(await count()).toBe(0)
    })

    it('checks the EMAIL config', async () => {
      for (const address of [undefined, '', 'not-an-email', 'a@b', 'a b@example.com', 7, null]) {
        await rejects('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address } }, 'config.address')
      }
      expect(await count()).toBe(0)
    })

    it('checks the WEBHOOK config', async () => {
      const hook = (config: Json) => ({ type: 'WEBHOOK', config: { name: 'H', url: 'https://h.example.com', ...config } })
      const cases: Array<[Json, string]> = [
        [{ name: undefined }, 'config.name'],
        [{ name: '' }, 'config.name'],
        [{ name: 'x'.repeat(256) }, 'config.name'],
        [{ url: undefined }, 'config.url'],
        [{ url: 'ftp://h.example.com' }, 'config.url'],
        [{ url: 'h.example.com' }, 'config.url'],
        [{ url: 'https://' }, 'config.url'],
        [{ method: 'OPTIONS' }, 'config.method'],
        [{ method: 'post' }, 'config.method'],
        [{ headers: 'X: y' }, 'config.headers'],
        [{ headers: [{ value: 'v' }] }, 'config.headers[0].key'],
        [{ headers: [{ key: 'k' }] }, 'config.headers[0].value'],
        [{ queryParameters: [{ key: 'k', value: 'v', locked: 'no' }] }, 'config.queryParameters[0].locked'],
        [{ queryParameters: [{ key: 'k', value: 'v' }, 'x'] }, 'config.queryParameters[1]'],
        [{ template: 5 }, 'config.template'],
        [{ webhookSecret: 5 }, 'config.webhookSecret'],
        [{ webhookType: 'PAGERDUTY' }, 'config.webhookType'],
        [{ webhookType: 7 }, 'config.webhookType'],
      ]
      for (const [config, field] of cases) await rejects('POST', '/v1/alert-channels', hook(config), field)
      expect(await count()).toBe(0)
    })

    it('checks the SLACK and SMS configs', async () => {
      await rejects('POST', '/v1/alert-channels', { type: 'SLACK', config: {} }, 'config.url')
      await rejects('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: 'hooks.slack.com/x' } }, 'config.url')
      await rejects('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: 'https://hooks.slack.com/x', channel: 5 } }, 'config.channel')
      for (const number of [undefined, '', '4155550100', '+0155550100', '+1 415 555 0100', '+1234567890123456', '+1']) {
        await rejects('POST', '/v1/alert-channels', { type: 'SMS', config: { name: 'On call', number } }, 'config.number')
      }
      await rejects('POST', '/v1/alert-channels', { type: 'SMS', config: { number: '+14155550100' } }, 'config.name')
      expect(await count()).toBe(0)
    })

    it('reports every problem at once', async () => {
      const res = await t.call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { url: 'nope', method: 'X' } })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes).sort()).toEqual(['config.method', 'config.name', 'config.url'])
    })

    it('refuses to change the type and re-checks a new config, leaving the channel unchanged', async () => {
      const c = await create(SLACK)
      const url = `/v1/alert-channels/${String(c.id)}`
      await rejects('PUT', url, { type: 'EMAIL', config: { address: 'a@example.com' } }, 'type')
      await rejects('PUT', url, { type: 'FAX' }, 'type')
      await rejects('PUT', url, { config: { channel: '#x' } }, 'config.url')
      await rejects('PUT', url, { config: null }, 'config')
      await rejects('PUT', url, { sslExpiryThreshold: 40 }, 'sslExpiryThreshold')
      expect((await t.call('GET', url)).json()).toEqual(c)
    })
  })

  describe('webhook secret', () => {
    it('is never returned in full, and a PUT without it keeps it', async () => {
      const c = await create(WEBHOOK)
      const url = `/v1/alert-channels/${String(c.id)}`
      expect((c.config as Json).webhookSecret).toBe('sup…')
      expect(JSON.stringify((await t.call('GET', url)).json())).not.toContain('super-secret-value')
      expect(JSON.stringify((await t.call('GET', '/v1/alert-channels')).json())).not.toContain('super-secret-value')
      const { webhookSecret: _omit, ...withoutSecret } = WEBHOOK.config
      await t.call('PUT', url, { config: { ...withoutSecret, name: 'Renamed' } })
      const stored = await t.services.alertChannels.get(t.accountId, String(c.id))
      expect(stored.config).toMatchObject({ name: 'Renamed', webhookSecret: 'sup…' })
      // The channel as stored (what the notifier reads) still holds the real secret.
      const record = await buildStores(t.store).alertChannels.get(t.accountId, Number(c.id))
      expect((record?.doc.config as Json).webhookSecret).toBe('super-secret-value')
    })

    it('sending the masked value back keeps it; a new value replaces it; null removes it', async () => {
      const c = await create(WEBHOOK)
      const url = `/v1/alert-channels/${String(c.id)}`
      const secretOf = async () => ((await buildStores(t.store).alertChannels.get(t.accountId, Number(c.id)))?.doc.config as Json).webhookSecret
      await t.call('PUT', url, { config: c.config })
      expect(await secretOf()).toBe('super-secret-value')
      const replaced = (await t.call('PUT', url, { config: { ...WEBHOOK.config, webhookSecret: 'another-long-secret' } })).json()
      expect((replaced.config as Json).webhookSecret).toBe('ano…')
      expect(await secretOf()).toBe('another-long-secret')
      const removed = (await t.call('PUT', url, { config: { ...WEBHOOK.config, webhookSecret: null } })).json()
      expect((removed.config as Json).webhookSecret).toBeNull()
      expect(await secretOf()).toBeNull()
      const short = await create({ ...WEBHOOK, config: { ...WEBHOOK.config, webhookSecret: 'abc' } })
      expect((short.config as Json).webhookSecret).toBe('…')
    })
  })

  describe('subscriptions', () => {
    it('subscribes a check and a group, upserts, and shows them on the channel', async () => {
      const c = await create(EMAIL)
      const check = await createCheck('?autoAssignAlerts=false')
      // A group made through the store: the groups API is another resource's work.
      const group = await buildStores(t.store).checkGroups.insert(t.accountId, { name: `Group ${String(c.id)}` }, Date.now())
      const url = `/v1/alert-channels/${String(c.id)}/subscriptions`
      const res = await t.call('PUT', url, { checkId: check.id, activated: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ checkId: check.id, groupId: null, activated: true })
      const paused = await t.call('PUT', url, { checkId: check.id, groupId: null, activated: false })
      expect(paused.json()).toEqual({ checkId: check.id, groupId: null, activated: false })
      const channel = (await t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json()
      expect(channel.subscriptions).toEqual([{ checkId: check.id, groupId: null, activated: false }])
      const viewed = (await t.call('GET', `/v1/checks/${String(check.id)}`)).json()
      expect(viewed.alertChannelSubscriptions).toEqual([{ alertChannelId: c.id, activated: false }])
      expect(viewed.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] })
      const forGroup = await t.call('PUT', url, { groupId: group.id, activated: true })
      expect(forGroup.statusCode, forGroup.body).toBe(200)
      expect(forGroup.json()).toEqual({ checkId: null, groupId: group.id, activated: true })
      const subs = (await t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json().subscriptions
      expect(subs).toEqual([
        { checkId: check.id, groupId: null, activated: false },
        { checkId: null, groupId: group.id, activated: true },
      ])
    })

    it('rejects both or neither target, a missing activated, and targets outside the account', async () => {
      const c = await create(EMAIL)
      const check = await createCheck('?autoAssignAlerts=false')
      const url = `/v1/alert-channels/${String(c.id)}/subscriptions`
      await rejects('PUT', url, { checkId: check.id, groupId: 1, activated: true }, 'groupId')
      await rejects('PUT', url, { activated: true }, 'checkId')
      await rejects('PUT', url, { checkId: null, groupId: null, activated: true }, 'groupId')
      await rejects('PUT', url, { checkId: check.id }, 'activated')
      await rejects('PUT', url, { checkId: check.id, activated: 'yes' }, 'activated')
      await rejects('PUT', url, { groupId: 0, activated: true }, 'groupId')
      await rejects('PUT', url, { checkId: '00000000-0000-4000-8000-000000000000', activated: true }, 'checkId')
      await rejects('PUT', url, { groupId: 424242, activated: true }, 'groupId')
      const other = await t.otherAccount()
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/v1/checks/api?autoAssignAlerts=false',
        headers: other.headers,
        payload: { name: 'Theirs', request: { url: 'https://example.com' } },
      })
      expect(foreign.statusCode).toBe(201)
      await rejects('PUT', url, { checkId: foreign.json().id, activated: true }, 'checkId')
      expect((await t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json().subscriptions).toEqual([])
    })

    it('deleting a channel removes its subscriptions from the checks', async () => {
      const keep = await create(SMS)
      const gone = await create(EMAIL)
      const check = await createCheck()
      expect(check.alertChannelSubscriptions).toHaveLength(2)
      expect((await t.call('DELETE', `/v1/alert-channels/${String(gone.id)}`)).statusCode).toBe(204)
      const viewed = (await t.call('GET', `/v1/checks/${String(check.id)}`)).json()
      expect(viewed.alertChannelSubscriptions).toEqual([{ alertChannelId: keep.id, activated: true }])
      expect(viewed.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [{ number: '+14155550100', name: 'On call' }] })
    })
  })

  describe('checks integration', () => {
    it('a new check subscribes to every channel by default and shows their public config', async () => {
      const channels = [] as Json[]
      for (const body of [EMAIL, WEBHOOK, SLACK, SMS]) channels.push(await create(body))
      const check = await createCheck()
      expect(check.alertChannelSubscriptions).toEqual(channels.map((c) => ({ alertChannelId: c.id, activated: true })))
      expect(check.alertChannels).toEqual({
        email: [{ address: 'ops@example.com' }],
        webhook: [
          {
            url: 'https://hooks.example.com/alerts',
            name: 'Ops hook',
            method: 'PUT',
            headers: [{ key: 'X-Team', value: 'ops', locked: false }],
            queryParameters: [{ key: 'source', value: 'picket', locked: true }],
          },
        ],
        slack: [{ url: SLACK.config.url }],
        sms: [{ number: '+14155550100', name: 'On call' }],
      })
      expect(JSON.stringify(check)).not.toContain('super-secret-value')
      const channel = (await t.call('GET', `/v1/alert-channels/${String(channels[0]!.id)}`)).json()
      expect(channel.subscriptions).toEqual([{ checkId: check.id, groupId: null, activated: true }])
    })

    it('autoAssignAlerts=false subscribes to nothing; explicit subscriptions are exactly those', async () => {
      const email = await create(EMAIL)
      const sms = await create(SMS)
      await create(SLACK)
      const none = await createCheck('?autoAssignAlerts=false')
      expect(none.alertChannelSubscriptions).toEqual([])
      expect(none.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] })
      const explicit = await createCheck('', {
        alertChannelSubscriptions: [
          { alertChannelId: email.id, activated: true },
          { alertChannelId: sms.id, activated: false },
        ],
      })
      expect(explicit.alertChannelSubscriptions).toEqual([
        { alertChannelId: email.id, activated: true },
        { alertChannelId: sms.id, activated: false },
      ])
      expect(explicit.alertChannels).toEqual({ email: [{ address: 'ops@example.com' }], webhook: [], slack: [], sms: [] })
    })

    it("rejects a subscription to another account's channel", async () => {
      const other = await t.otherAccount()
      const theirs = await t.app.inject({ method: 'POST', url: '/v1/alert-channels', headers: other.headers, payload: EMAIL })
      expect(theirs.statusCode).toBe(201)
      const res = await t.call('POST', '/v1/checks/api', {
        name: 'API',
        request: { url: 'https://example.com' },
        alertChannelSubscriptions: [{ alertChannelId: theirs.json().id, activated: true }],
      })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain('alertChannelSubscriptions[0].alertChannelId')
      expect((await t.call('GET', '/v1/checks?limit=1')).headers['content-range']).toBe('*/0')
    })

    it('a channel with autoSubscribe is subscribed by new checks even with autoAssignAlerts=false', async () => {
      const auto = await create({ ...SLACK, autoSubscribe: true })
      await create(EMAIL)
      const check = await createCheck('?autoAssignAlerts=false')
      expect(check.alertChannelSubscriptions).toEqual([{ alertChannelId: auto.id, activated: true }])
      expect(check.alertChannels).toMatchObject({ slack: [{ url: SLACK.config.url }], email: [] })
    })
  })

  describe('isolation', () => {
    it('another account cannot read, list, change, delete or subscribe to a channel', async () => {
      const c = await create(WEBHOOK)
      const other = await t.otherAccount()
      const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Json) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
      const url = `/v1/alert-channels/${String(c.id)}`
      expect((await as('GET', url)).statusCode).toBe(404)
      expect((await as('PUT', url, { sendDegraded: true })).statusCode).toBe(404)
      expect((await as('DELETE', url)).statusCode).toBe(404)
      const check = await t.app.inject({ method: 'POST', url: '/v1/checks/api', headers: other.headers, payload: { name: 'Theirs', request: { url: 'https://e.com' } } })
      expect(check.json().alertChannelSubscriptions).toEqual([])
      expect((await as('PUT', `${url}/subscriptions`, { checkId: check.json().id, activated: true })).statusCode).toBe(404)
      const list = await as('GET', '/v1/alert-channels')
      expect(list.json()).toEqual([])
      expect(list.headers['content-range']).toBe('*/0')
      expect((await t.call('GET', url)).json()).toEqual(c)
    })
  })
})
