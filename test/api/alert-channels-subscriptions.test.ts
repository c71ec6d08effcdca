/** Alert channels through the HTTP API: subscriptions of checks and groups, how new checks subscribe, and isolation between accounts. */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { alertChannelsApp, EMAIL, SLACK, SMS, WEBHOOK, type Json } from '../helpers/alert-channels-api.js'
import { buildStores } from '../../src/services/stores.js'

describe.each(testDbs)('alert channels on $name', (db) => {
  const fixture = alertChannelsApp(db)
  const { create, rejects, createCheck } = fixture

  describe('subscriptions', () => {
    it('subscribes a check and a group, upserts, and shows them on the channel', async () => {
      const c = await create(EMAIL)
      const check = await createCheck('?autoAssignAlerts=false')
      // A group made through the store: the groups API is another resource's work.
      const group = await buildStores(fixture.t.store).checkGroups.insert(fixture.t.accountId, { name: `Group ${String(c.id)}` }, Date.now())
      const url = `/v1/alert-channels/${String(c.id)}/subscriptions`
      const res = await fixture.t.call('PUT', url, { checkId: check.id, activated: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ checkId: check.id, groupId: null, activated: true })
      const paused = await fixture.t.call('PUT', url, { checkId: check.id, groupId: null, activated: false })
      expect(paused.json()).toEqual({ checkId: check.id, groupId: null, activated: false })
      const channel = (await fixture.t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json()
      expect(channel.subscriptions).toEqual([{ checkId: check.id, groupId: null, activated: false }])
      const viewed = (await fixture.t.call('GET', `/v1/checks/${String(check.id)}`)).json()
      expect(viewed.alertChannelSubscriptions).toEqual([{ alertChannelId: c.id, activated: false }])
      expect(viewed.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] })
      const forGroup = await fixture.t.call('PUT', url, { groupId: group.id, activated: true })
      expect(forGroup.statusCode, forGroup.body).toBe(200)
      expect(forGroup.json()).toEqual({ checkId: null, groupId: group.id, activated: true })
      const subs = (await fixture.t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json().subscriptions
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
      const other = await fixture.t.otherAccount()
      const foreign = await fixture.t.app.inject({
        method: 'POST',
        url: '/v1/checks/api?autoAssignAlerts=false',
        headers: other.headers,
        payload: { name: 'Theirs', request: { url: 'https://example.com' } },
      })
      expect(foreign.statusCode).toBe(201)
      await rejects('PUT', url, { checkId: foreign.json().id, activated: true }, 'checkId')
      expect((await fixture.t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json().subscriptions).toEqual([])
    })

    it('deleting a channel removes its subscriptions from the checks', async () => {
      const keep = await create(SMS)
      const gone = await create(EMAIL)
      const check = await createCheck()
      expect(check.alertChannelSubscriptions).toHaveLength(2)
      expect((await fixture.t.call('DELETE', `/v1/alert-channels/${String(gone.id)}`)).statusCode).toBe(204)
      const viewed = (await fixture.t.call('GET', `/v1/checks/${String(check.id)}`)).json()
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
      const channel = (await fixture.t.call('GET', `/v1/alert-channels/${String(channels[0]!.id)}`)).json()
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
      const other = await fixture.t.otherAccount()
      const theirs = await fixture.t.app.inject({ method: 'POST', url: '/v1/alert-channels', headers: other.headers, payload: EMAIL })
      expect(theirs.statusCode).toBe(201)
      const res = await fixture.t.call('POST', '/v1/checks/api', {
        name: 'API',
        request: { url: 'https://example.com' },
        alertChannelSubscriptions: [{ alertChannelId: theirs.json().id, activated: true }],
      })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain('alertChannelSubscriptions[0].alertChannelId')
      expect((await fixture.t.call('GET', '/v1/checks?limit=1')).headers['content-range']).toBe('*/0')
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
      const other = await fixture.t.otherAccount()
      const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Json) => fixture.t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
      const url = `/v1/alert-channels/${String(c.id)}`
      expect((await as('GET', url)).statusCode).toBe(404)
      expect((await as('PUT', url, { sendDegraded: true })).statusCode).toBe(404)
      expect((await as('DELETE', url)).statusCode).toBe(404)
      const check = await fixture.t.app.inject({ method: 'POST', url: '/v1/checks/api', headers: other.headers, payload: { name: 'Theirs', request: { url: 'https://e.com' } } })
      expect(check.json().alertChannelSubscriptions).toEqual([])
      expect((await as('PUT', `${url}/subscriptions`, { checkId: check.json().id, activated: true })).statusCode).toBe(404)
      const list = await as('GET', '/v1/alert-channels')
      expect(list.json()).toEqual([])
      expect(list.headers['content-range']).toBe('*/0')
      expect((await fixture.t.call('GET', url)).json()).toEqual(c)
    })
  })
})
