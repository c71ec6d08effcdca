/** Alert channels through the HTTP API: create, read, list, update and delete per type, and the webhook secret kept from answers. */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { alertChannelsApp, EMAIL, SLACK, SMS, WEBHOOK, type Json } from '../helpers/alert-channels-api.js'
import { buildStores } from '../../src/services/stores.js'

describe.each(testDbs)('alert channels on $name', (db) => {
  const fixture = alertChannelsApp(db)
  const { create } = fixture

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
      expect((await fixture.t.call('GET', `/v1/alert-channels/${String(c.id)}`)).json()).toEqual(c)
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
      const first = await fixture.t.call('GET', '/v1/alert-channels?limit=3')
      expect(first.statusCode).toBe(200)
      expect(first.headers['content-range']).toBe('0-2/4')
      const second = await fixture.t.call('GET', '/v1/alert-channels?limit=3&page=2')
      expect(second.headers['content-range']).toBe('3-3/4')
      expect([...first.json(), ...second.json()].map((c: Json) => c.id)).toEqual(ids)
      expect((await fixture.t.call('GET', '/v1/alert-channels')).headers['content-range']).toBe('0-3/4')
      for (const q of ['?limit=0', '?limit=101', '?page=0']) expect((await fixture.t.call('GET', `/v1/alert-channels${q}`)).statusCode).toBe(400)
    })

    it('updates only the fields given, ignores read-only fields, and deletes', async () => {
      const c = await create(EMAIL)
      const url = `/v1/alert-channels/${String(c.id)}`
      const res = await fixture.t.call('PUT', url, { sendDegraded: true, sslExpiry: true, sslExpiryThreshold: 7, id: 999, created_at: 'x', subscriptions: [1] })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({ id: c.id, type: 'EMAIL', config: EMAIL.config, sendRecovery: true, sendDegraded: true, sslExpiry: true, sslExpiryThreshold: 7 })
      expect(updated.created_at).toBe(c.created_at)
      expect(typeof updated.updated_at).toBe('string')
      const again = (await fixture.t.call('PUT', url, { type: 'EMAIL', config: { address: 'new@example.com' }, sendRecovery: false })).json()
      expect(again).toMatchObject({ config: { address: 'new@example.com' }, sendRecovery: false, sendDegraded: true, sslExpiryThreshold: 7 })
      expect((await fixture.t.call('DELETE', url)).statusCode).toBe(204)
      expect((await fixture.t.call('DELETE', url)).body).toContain('not found')
      expect((await fixture.t.call('GET', url)).statusCode).toBe(404)
      expect((await fixture.t.call('PUT', url, { sendDegraded: false })).statusCode).toBe(404)
      expect((await fixture.t.call('DELETE', url)).statusCode).toBe(404)
    })

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['123456', 'abc', '1.5', '-1', '0', '99999999999', '7'.repeat(60)]) {
        for (const [method, body] of [['GET'], ['PUT', { sendDegraded: true }], ['DELETE'], ['PUT', { checkId: 'x', activated: true }]] as const) {
          const url = body && 'checkId' in body ? `/v1/alert-channels/${id}/subscriptions` : `/v1/alert-channels/${id}`
          const res = await fixture.t.call(method, url, body)
          expect(res.statusCode, `${method} ${url}`).toBe(404)
          expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
        }
      }
    })
  })

  describe('webhook secret', () => {
    it('is never returned in full, and a PUT without it keeps it', async () => {
      const c = await create(WEBHOOK)
      const url = `/v1/alert-channels/${String(c.id)}`
      expect((c.config as Json).webhookSecret).toBe('sup…')
      expect(JSON.stringify((await fixture.t.call('GET', url)).json())).not.toContain('super-secret-value')
      expect(JSON.stringify((await fixture.t.call('GET', '/v1/alert-channels')).json())).not.toContain('super-secret-value')
      const { webhookSecret: _omit, ...withoutSecret } = WEBHOOK.config
      await fixture.t.call('PUT', url, { config: { ...withoutSecret, name: 'Renamed' } })
      const stored = await fixture.t.services.alertChannels.get(fixture.t.accountId, String(c.id))
      expect(stored.config).toMatchObject({ name: 'Renamed', webhookSecret: 'sup…' })
      // The channel as stored (what the notifier reads) still holds the real secret.
      const record = await buildStores(fixture.t.store).alertChannels.get(fixture.t.accountId, Number(c.id))
      expect((record?.doc.config as Json).webhookSecret).toBe('super-secret-value')
    })

    it('sending the masked value back keeps it; a new value replaces it; null removes it', async () => {
      const c = await create(WEBHOOK)
      const url = `/v1/alert-channels/${String(c.id)}`
      const secretOf = async () => ((await buildStores(fixture.t.store).alertChannels.get(fixture.t.accountId, Number(c.id)))?.doc.config as Json).webhookSecret
      await fixture.t.call('PUT', url, { config: c.config })
      expect(await secretOf()).toBe('super-secret-value')
      const replaced = (await fixture.t.call('PUT', url, { config: { ...WEBHOOK.config, webhookSecret: 'another-long-secret' } })).json()
      expect((replaced.config as Json).webhookSecret).toBe('ano…')
      expect(await secretOf()).toBe('another-long-secret')
      const removed = (await fixture.t.call('PUT', url, { config: { ...WEBHOOK.config, webhookSecret: null } })).json()
      expect((removed.config as Json).webhookSecret).toBeNull()
      expect(await secretOf()).toBeNull()
      const short = await create({ ...WEBHOOK, config: { ...WEBHOOK.config, webhookSecret: 'abc' } })
      expect((short.config as Json).webhookSecret).toBe('…')
    })
  })
})
