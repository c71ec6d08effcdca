/** Alert channels through the HTTP API: the types, flags and configs that are refused, on create and on update. */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { alertChannelsApp, EMAIL, SLACK, type Json } from '../helpers/alert-channels-api.js'

describe.each(testDbs)('alert channels on $name', (db) => {
  const fixture = alertChannelsApp(db)
  const { create, count, rejects } = fixture

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
      const res = await fixture.t.call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { url: 'nope', method: 'X' } })
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
      expect((await fixture.t.call('GET', url)).json()).toEqual(c)
    })
  })
})
