/** The stored-document schemas of groups and alert channels describe what the build rules really store. */
import { describe, expect, it } from 'vitest'
import { Value } from 'typebox/value'
import { buildAlertChannelDoc } from '../../src/domain/alert-channels/build-doc.js'
import { AlertChannelDoc, type AlertChannelCreateBody } from '../../src/domain/alert-channels/schemas.js'
import { buildGroupDoc } from '../../src/domain/groups/build-doc.js'
import { CheckGroupDoc, type CheckGroupCreateBody } from '../../src/domain/groups/schema.js'

const fullGroup: CheckGroupCreateBody = {
  name: 'Shop',
  activated: false,
  muted: true,
  tags: ['shop'],
  locations: ['eu-west-1'],
  concurrency: 5,
  apiCheckDefaults: {
    url: 'https://shop.example.com',
    headers: [{ key: 'X-Team', value: 'shop' }],
    queryParameters: [{ key: 'debug', value: '1', locked: true }],
    assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 }],
    basicAuth: { username: 'u', password: 'p' },
  },
  browserCheckDefaults: '',
  runtimeId: '2025.04',
  environmentVariables: [{ key: 'TOKEN', value: 't0k', secret: true }],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: 'console.log(1)',
  localTearDownScript: null,
  privateLocations: [],
  runParallel: true,
  alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 10 } },
  retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 3 },
  useGlobalAlertSettings: false,
  doubleCheck: true,
}

describe('CheckGroupDoc', () => {
  it('refuses a document that lacks its fields', () => {
    expect([...Value.Errors(CheckGroupDoc, { name: 'Half' })]).not.toEqual([])
  })

  it.each<[string, CheckGroupCreateBody]>([
    ['a body holding only a name', { name: 'Minimal' }],
    ['a body giving every field', fullGroup],
    ['FALLBACK and nulls', { name: 'Nulls', retryStrategy: null, alertSettings: null, tags: null, apiCheckDefaults: null, runParallel: null }],
  ])('describes the document built from %s', (_name, body) => {
    const doc = buildGroupDoc(body)
    expect([...Value.Errors(CheckGroupDoc, doc)]).toEqual([])
  })

  it('describes an update merged into a stored document', () => {
    const stored = buildGroupDoc(fullGroup)
    const doc = buildGroupDoc({ name: 'Renamed', environmentVariables: [{ key: 'TOKEN', secret: true }] }, stored)
    expect([...Value.Errors(CheckGroupDoc, doc)]).toEqual([])
    expect(doc.environmentVariables).toEqual([{ key: 'TOKEN', value: 't0k', locked: false, secret: true }])
  })
})

describe('AlertChannelDoc', () => {
  it("refuses a config that is not its type's", () => {
    expect([...Value.Errors(AlertChannelDoc, { ...buildAlertChannelDoc({ type: 'EMAIL', config: { address: 'ops@example.com' } }), type: 'SMS' })]).not.toEqual([])
  })

  it.each<AlertChannelCreateBody>([
    { type: 'EMAIL', config: { address: 'ops@example.com' } },
    { type: 'WEBHOOK', config: { name: 'hook', url: 'https://hooks.example.com/{{TEAM}}', headers: [{ key: 'X-A', value: 'b' }], webhookSecret: 'secret-value' } },
    { type: 'SLACK', config: { url: 'https://hooks.slack.example/x', channel: '#ops' }, sendDegraded: true },
    { type: 'SMS', config: { name: 'On call', number: '+14155550100' }, sslExpiry: true, sslExpiryThreshold: 14 },
  ])('describes the document built for $type', (body) => {
    const doc = buildAlertChannelDoc(body)
    expect([...Value.Errors(AlertChannelDoc, doc)]).toEqual([])
    expect(doc.type).toBe(body.type)
  })

  it('describes an update that keeps the stored config', () => {
    const stored = buildAlertChannelDoc({ type: 'WEBHOOK', config: { name: 'hook', url: 'https://hooks.example.com', webhookSecret: 'secret-value' } })
    const doc = buildAlertChannelDoc({ sendFailure: false }, stored)
    expect([...Value.Errors(AlertChannelDoc, doc)]).toEqual([])
    expect(doc).toMatchObject({ type: 'WEBHOOK', config: { webhookSecret: 'secret-value' }, sendFailure: false })
  })
})
