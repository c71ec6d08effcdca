import { describe, expect, it } from 'vitest'
import { newDraft, parseTags, toBody } from '../src/pages/check-form/check-draft'
import type { CheckSlug } from '../src/pages/check-form/check-types'
import type { Doc } from '../src/pages/check-form/draft-path'

/** The fields the API's schema of each check type requires on create. */
const REQUIRED: Array<[CheckSlug, string[]]> = [
  ['api', ['name', 'request']],
  ['url', ['name', 'request']],
  ['tcp', ['name', 'request']],
  ['dns', ['name', 'request']],
  ['icmp', ['name', 'request', 'heartbeat', 'script']],
  ['grpc', ['name', 'request']],
  ['ssl', ['name', 'request']],
  ['traceroute', ['name', 'request']],
  ['agentic', ['name', 'prompt']],
  ['heartbeat', ['name', 'heartbeat', 'script']],
  ['browser', ['name', 'script']],
  ['multistep', ['name', 'script']],
  ['playwright', ['name', 'files']],
]

describe('newDraft', () => {
  it.each(REQUIRED)('%s carries every field the API requires (%j)', (slug, fields) => {
    const body = toBody(newDraft(slug))
    for (const field of fields) expect(body[field], field).not.toBeUndefined()
  })

  it.each<[CheckSlug, Doc]>([
    ['api', { request: expect.objectContaining({ method: 'GET', url: '', bodyType: 'NONE', assertions: [expect.objectContaining({ source: 'STATUS_CODE', target: '200' })] }) }],
    ['url', { request: expect.objectContaining({ method: 'GET', url: '', assertions: [expect.objectContaining({ source: 'STATUS_CODE', target: '200' })] }) }],
    ['tcp', { request: expect.objectContaining({ hostname: '', port: null, assertions: [] }) }],
    ['dns', { request: expect.objectContaining({ query: '', recordType: 'A', port: 53, protocol: 'UDP' }) }],
    ['icmp', { heartbeat: {}, script: '', request: expect.objectContaining({ hostname: '', pingCount: 10 }) }],
    [
      'ssl',
      {
        request: {
          sslConfig: expect.objectContaining({
            hostname: '',
            port: 443,
            serverName: null,
            alertDaysBeforeExpiry: 20,
            securityBaseline: expect.objectContaining({ enabled: true, minTLSVersion: { value: 'TLS1.2', severity: 'fail' }, sctPresent: { severity: 'ignore' } }),
          }),
          assertions: [expect.objectContaining({ source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '14' })],
        },
        maxResponseTime: 10000,
      },
    ],
    ['traceroute', { request: expect.objectContaining({ url: '', protocol: 'UDP', port: null, maxHops: 30, maxUnknownHops: 15, ptrLookup: true, timeout: 10, assertions: [] }) }],
    ['agentic', { frequency: 60, prompt: '', startUrl: null, assertions: [], agentLimits: { maxSteps: 25, maxTokens: 200000, timeoutSeconds: 180 } }],
    ['heartbeat', { heartbeat: { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' }, script: '', request: {} }],
    ['browser', { script: expect.stringContaining("require('@playwright/test')") }],
    ['multistep', { script: expect.stringContaining('test.step(') }],
    [
      'playwright',
      {
        files: [expect.objectContaining({ path: 'tests/home.spec.ts', content: expect.stringContaining('@playwright/test') })],
        testCommand: 'npx playwright test',
        browsers: ['chromium'],
      },
    ],
  ])('%s starts with its type-specific values', (slug, expected) => {
    expect(newDraft(slug)).toMatchObject(expected)
  })

  it.each(REQUIRED.map(([slug]) => [slug]))('%s starts with the common settings', (slug) => {
    expect(newDraft(slug)).toMatchObject({
      name: '',
      activated: true,
      muted: false,
      tags: [],
      locations: [],
      privateLocations: [],
      groupId: null,
      useGlobalAlertSettings: true,
      alertSettings: { escalationType: 'RUN_BASED' },
      alertChannelSubscriptions: [],
      doubleCheck: false,
    })
  })

  it.each<[CheckSlug, boolean]>([
    ['api', false],
    ['icmp', false],
    ['heartbeat', true],
    ['browser', false],
  ])('%s leaves retryStrategy out of the body: %s', (slug, omitted) => {
    expect('retryStrategy' in toBody(newDraft(slug))).toBe(!omitted)
  })

  it('gives a fresh draft every time', () => {
    const a = newDraft('api')
    const b = newDraft('api')
    expect(a).toEqual(b)
    ;(a.tags as string[]).push('changed')
    ;((a.request as Doc).assertions as Doc[]).length = 0
    ;(a.alertSettings as Doc).escalationType = 'TIME_BASED'
    expect(newDraft('api')).toEqual(b)
    expect(b.tags).toEqual([])
  })
})

describe('toBody', () => {
  it.each<[string, Doc, Doc]>([
    ['an empty draft', {}, {}],
    ['read-only fields are dropped', { id: 'c1', checkType: 'API', alertChannels: [], created_at: 't', updated_at: 't', createdAt: 't', updatedAt: 't', name: 'x' }, { name: 'x' }],
    ['undefined values are dropped', { name: 'x', retryStrategy: undefined }, { name: 'x' }],
    ['falsy values are kept', { groupId: null, muted: false, frequency: 0, name: '' }, { groupId: null, muted: false, frequency: 0, name: '' }],
    [
      'fields the form does not edit stay as loaded',
      { name: 'x', somethingNew: { a: 1 }, environmentVariables: [{ key: 'K' }] },
      { name: 'x', somethingNew: { a: 1 }, environmentVariables: [{ key: 'K' }] },
    ],
  ])('%s', (_name, draft, body) => {
    expect(toBody(draft)).toStrictEqual(body)
  })

  it('does not change the draft', () => {
    const draft = Object.freeze({ id: 'c1', name: 'x', request: { url: 'u' } })
    const body = toBody(draft)
    expect(draft).toEqual({ id: 'c1', name: 'x', request: { url: 'u' } })
    expect(body.request).toBe(draft.request)
  })
})

describe('parseTags', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['   ', []],
    [' , ,', []],
    ['prod', ['prod']],
    ['a, b ,c', ['a', 'b', 'c']],
    ['a,,b', ['a', 'b']],
    ['eu west, prod ', ['eu west', 'prod']],
  ])('%j → %j', (text, tags) => {
    expect(parseTags(text)).toEqual(tags)
  })
})
