/** Check groups through the HTTP API: the bodies and queries that are refused, on create and on update. */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { checkGroupsApp, type Json } from '../helpers/check-groups-api.js'

describe.each(testDbs)('check groups on $name', (db) => {
  const fixture = checkGroupsApp(db)
  const { create, get, expectRejected } = fixture

  describe('validation', () => {
    const base = { name: 'Invalid' }
    const cases: Array<[string, Json, string]> = [
      ['name missing', { tags: [] }, 'name'],
      ['name empty', { name: '' }, 'name'],
      ['name blank', { name: '   ' }, 'name'],
      ['name too long', { name: 'x'.repeat(256) }, 'name'],
      ['name not a string', { name: 7 }, 'name'],
      ['activated not a boolean', { ...base, activated: 'yes' }, 'activated'],
      ['muted not a boolean', { ...base, muted: 1 }, 'muted'],
      ['tags not a list', { ...base, tags: 'prod' }, 'tags'],
      ['unknown location', { ...base, locations: ['mars-1'] }, 'locations[0]'],
      ['concurrency 0', { ...base, concurrency: 0 }, 'concurrency'],
      ['concurrency above 100', { ...base, concurrency: 101 }, 'concurrency'],
      ['concurrency fractional', { ...base, concurrency: 1.5 }, 'concurrency'],
      ['concurrency as text', { ...base, concurrency: '3' }, 'concurrency'],
      ['base URL with another scheme', { ...base, apiCheckDefaults: { url: 'ftp://example.com' } }, 'apiCheckDefaults.url'],
      ['base URL not a URL', { ...base, apiCheckDefaults: { url: 'example.com/api' } }, 'apiCheckDefaults.url'],
      ['header with an empty key', { ...base, apiCheckDefaults: { headers: [{ key: '', value: 'x' }] } }, 'apiCheckDefaults.headers[0].key'],
      [
        'assertion source unknown',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'BODY_SIZE', comparison: 'EQUALS', target: '1' }] } },
        'apiCheckDefaults.assertions[0].source',
      ],
      [
        'assertion STATUS_CODE target not a number',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }] } },
        'apiCheckDefaults.assertions[0].target',
      ],
      [
        'assertion JSON_BODY property not a JSONPath',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'JSON_BODY', comparison: 'EQUALS', property: 'id', target: '1' }] } },
        'apiCheckDefaults.assertions[0].property',
      ],
      ['basicAuth without a password', { ...base, apiCheckDefaults: { basicAuth: { username: 'u' } } }, 'apiCheckDefaults.basicAuth.password'],
      ['browserCheckDefaults a number', { ...base, browserCheckDefaults: 5 }, 'browserCheckDefaults'],
      ['runtimeId unknown', { ...base, runtimeId: '1999.01' }, 'runtimeId'],
      ['101 environment variables', { ...base, environmentVariables: Array.from({ length: 101 }, (_, i) => ({ key: `V${i}`, value: '' })) }, 'environmentVariables'],
      ['environment variable key with a dash', { ...base, environmentVariables: [{ key: 'BAD-KEY', value: '' }] }, 'environmentVariables[0].key'],
      ['retryStrategy an unknown word', { ...base, retryStrategy: 'ALWAYS' }, 'retryStrategy'],
      ['retryStrategy with maxRetries 11', { ...base, retryStrategy: { type: 'FIXED', maxRetries: 11 } }, 'retryStrategy.maxRetries'],
      ['SINGLE_RETRY with maxRetries', { ...base, retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 3 } }, 'retryStrategy.maxRetries'],
      ['alertSettings reminders amount 7', { ...base, alertSettings: { reminders: { amount: 7 } } }, 'alertSettings.reminders.amount'],
      ['runParallel as text', { ...base, runParallel: 'yes' }, 'runParallel'],
      ['useGlobalAlertSettings as text', { ...base, useGlobalAlertSettings: 'no' }, 'useGlobalAlertSettings'],
      ['doubleCheck as a number', { ...base, doubleCheck: 1 }, 'doubleCheck'],
      ['setupSnippetId 0', { ...base, setupSnippetId: 0 }, 'setupSnippetId'],
      ['localSetupScript a number', { ...base, localSetupScript: 5 }, 'localSetupScript'],
      ['missing setup snippet', { ...base, setupSnippetId: 999999 }, 'setupSnippetId'],
      ['missing teardown snippet', { ...base, tearDownSnippetId: 999999 }, 'tearDownSnippetId'],
      ['missing private location', { ...base, privateLocations: ['nowhere'] }, 'privateLocations[0]'],
      ['missing alert channel', { ...base, alertChannelSubscriptions: [{ alertChannelId: 999999, activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
    ]
    it.each(cases)('rejects %s on create', async (_name, body, field) => {
      await expectRejected('POST', '/v2/check-groups', body, field)
    })

    it('rejects a body that is not an object', async () => {
      const res = await fixture.t.call('POST', '/v2/check-groups', [])
      expect(res.statusCode).toBe(400)
    })

    it.each(cases.filter(([name]) => name !== 'name missing'))('rejects %s on update and keeps the stored group', async (_name, body, field) => {
      const group = await create({ name: 'Keep me' }, '?autoAssignAlerts=false')
      const url = `/v2/check-groups/${String(group.id)}`
      const res = await fixture.t.call('PUT', url, { name: 'Keep me', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(`/v1/check-groups/${String(group.id)}`)).toEqual(group)
    })

    it('rejects autoAssignAlerts that is not a boolean', async () => {
      const res = await fixture.t.call('POST', '/v2/check-groups?autoAssignAlerts=maybe', { name: 'x' })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain('autoAssignAlerts')
    })
  })
})
