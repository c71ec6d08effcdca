/** applyGroupSettings: a check as it runs inside its group, the group's settings overriding its own. */
import { describe, expect, it } from 'vitest'
import { applyGroupSettings } from '../../src/domain/groups/apply-group-settings.js'

type Doc = Record<string, unknown>

const OWN_ALERTS = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 1 } }
const GROUP_ALERTS = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 } }
const OWN_RETRY = { type: 'FIXED', baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] }
const GROUP_RETRY = { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 3, maxDurationSeconds: 600, sameRegion: false, onlyOn: [] }

const request = (extra: Doc = {}): Doc => ({
  method: 'GET',
  url: 'https://own.example.com/health',
  headers: [],
  queryParameters: [],
  assertions: [],
  basicAuth: null,
  ...extra,
})

const check = (extra: Doc = {}): Doc => ({
  id: 'c1',
  checkType: 'API',
  groupId: 1,
  activated: true,
  muted: false,
  locations: ['eu-west-1'],
  privateLocations: [],
  runParallel: true,
  retryStrategy: OWN_RETRY,
  alertSettings: OWN_ALERTS,
  useGlobalAlertSettings: false,
  environmentVariables: [],
  tags: ['own'],
  runtimeId: null,
  request: request(),
  ...extra,
})

/** A group with every setting at its "leave the check alone" value. */
const group = (extra: Doc = {}): Doc => ({
  activated: true,
  muted: false,
  locations: [],
  privateLocations: [],
  runParallel: null,
  retryStrategy: 'FALLBACK',
  alertSettings: null,
  useGlobalAlertSettings: null,
  environmentVariables: [],
  tags: [],
  runtimeId: null,
  apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null },
  ...extra,
})

const defaults = (extra: Doc): Doc => ({ apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null, ...extra } })
const kv = (key: string, value: string) => ({ key, value, locked: false })
const env = (key: string, value: string) => ({ key, value, locked: false, secret: false })

interface Case {
  name: string
  check?: Doc
  group: Doc
  expected: Doc
}

const cases: Case[] = [
  { name: 'a neutral group changes nothing but adds nothing', group: {}, expected: {} },
  { name: 'group activated:false deactivates the check', group: { activated: false }, expected: { activated: false } },
  { name: 'group activated:true leaves a deactivated check deactivated', check: { activated: false }, group: { activated: true }, expected: { activated: false } },
  { name: 'group muted mutes the check', group: { muted: true }, expected: { muted: true } },
  { name: 'group not muted leaves a muted check muted', check: { muted: true }, group: { muted: false }, expected: { muted: true } },
  {
    name: 'non-empty group locations replace the check locations',
    group: { locations: ['us-east-1', 'ap-south-1'] },
    expected: { locations: ['us-east-1', 'ap-south-1'], privateLocations: [] },
  },
  {
    name: 'non-empty group privateLocations replace both location lists',
    check: { privateLocations: ['own-pl'] },
    group: { privateLocations: ['group-pl'] },
    expected: { locations: [], privateLocations: ['group-pl'] },
  },
  {
    name: 'empty group locations keep the check locations',
    check: { privateLocations: ['own-pl'] },
    group: { locations: [], privateLocations: [] },
    expected: { locations: ['eu-west-1'], privateLocations: ['own-pl'] },
  },
  { name: 'runParallel null keeps the check own', group: { runParallel: null }, expected: { runParallel: true } },
  { name: 'runParallel false overrides the check', group: { runParallel: false }, expected: { runParallel: false } },
  { name: 'runParallel true overrides the check', check: { runParallel: false }, group: { runParallel: true }, expected: { runParallel: true } },
  { name: 'retryStrategy FALLBACK keeps the check own', group: { retryStrategy: 'FALLBACK' }, expected: { retryStrategy: OWN_RETRY } },
  { name: 'retryStrategy null keeps the check own', group: { retryStrategy: null }, expected: { retryStrategy: OWN_RETRY } },
  { name: 'a group retryStrategy object replaces the check own', group: { retryStrategy: GROUP_RETRY }, expected: { retryStrategy: GROUP_RETRY } },
  {
    name: 'a group retryStrategy replaces a check without retries',
    check: { retryStrategy: null },
    group: { retryStrategy: GROUP_RETRY },
    expected: { retryStrategy: GROUP_RETRY },
  },
  {
    name: 'useGlobalAlertSettings true makes the check use the global settings',
    group: { useGlobalAlertSettings: true, alertSettings: GROUP_ALERTS },
    expected: { useGlobalAlertSettings: true, alertSettings: OWN_ALERTS },
  },
  {
    name: 'a group alertSettings object is the check policy',
    check: { useGlobalAlertSettings: true },
    group: { alertSettings: GROUP_ALERTS },
    expected: { alertSettings: GROUP_ALERTS, useGlobalAlertSettings: false },
  },
  {
    name: 'a group alertSettings object with useGlobalAlertSettings false is the check policy',
    group: { useGlobalAlertSettings: false, alertSettings: GROUP_ALERTS },
    expected: { alertSettings: GROUP_ALERTS, useGlobalAlertSettings: false },
  },
  {
    name: 'alertSettings null keeps the check own',
    check: { useGlobalAlertSettings: true },
    group: { alertSettings: null },
    expected: { alertSettings: OWN_ALERTS, useGlobalAlertSettings: true },
  },
  {
    name: 'environment variables merge, the check winning a shared key',
    check: { environmentVariables: [env('SHARED', 'check'), env('CHECK_ONLY', 'c')] },
    group: { environmentVariables: [env('SHARED', 'group'), env('GROUP_ONLY', 'g')] },
    expected: { environmentVariables: [env('SHARED', 'check'), env('CHECK_ONLY', 'c'), env('GROUP_ONLY', 'g')] },
  },
  { name: 'group tags are added without duplicates', check: { tags: ['own', 'shared'] }, group: { tags: ['shared', 'team'] }, expected: { tags: ['own', 'shared', 'team'] } },
  { name: 'runtimeId falls back to the group', check: { runtimeId: null }, group: { runtimeId: '2025.04' }, expected: { runtimeId: '2025.04' } },
  { name: 'the check runtimeId wins when set', check: { runtimeId: '2024.09' }, group: { runtimeId: '2025.04' }, expected: { runtimeId: '2024.09' } },
  {
    name: 'headers are injected, the check winning a shared name (case-insensitive)',
    check: { request: request({ headers: [kv('X-Trace', 'check'), kv('Accept', 'text/plain')] }) },
    group: defaults({ headers: [kv('x-trace', 'group'), kv('Authorization', 'Bearer g')] }),
    expected: { request: request({ headers: [kv('X-Trace', 'check'), kv('Accept', 'text/plain'), kv('Authorization', 'Bearer g')] }) },
  },
  {
    name: 'query parameters are injected, the check winning a shared key',
    check: { request: request({ queryParameters: [kv('page', '2')] }) },
    group: defaults({ queryParameters: [kv('page', '1'), kv('token', 'abc')] }),
    expected: { request: request({ queryParameters: [kv('page', '2'), kv('token', 'abc')] }) },
  },
  {
    name: 'basicAuth is injected when the check has none',
    group: defaults({ basicAuth: { username: 'group', password: 'secret' } }),
    expected: { request: request({ basicAuth: { username: 'group', password: 'secret' } }) },
  },
  {
    name: 'an empty check basicAuth counts as none',
    check: { request: request({ basicAuth: { username: '', password: '' } }) },
    group: defaults({ basicAuth: { username: 'group', password: 'secret' } }),
    expected: { request: request({ basicAuth: { username: 'group', password: 'secret' } }) },
  },
  {
    name: 'the check basicAuth wins',
    check: { request: request({ basicAuth: { username: 'own', password: 'pw' } }) },
    group: defaults({ basicAuth: { username: 'group', password: 'secret' } }),
    expected: { request: request({ basicAuth: { username: 'own', password: 'pw' } }) },
  },
  {
    name: 'group assertions are appended',
    check: { request: request({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }) },
    group: defaults({ assertions: [{ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '500' }] }),
    expected: {
      request: request({
        assertions: [
          { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
          { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '500' },
        ],
      }),
    },
  },
  {
    name: '{{GROUP_BASE_URL}} is replaced by the group base URL',
    check: { request: request({ url: '{{GROUP_BASE_URL}}/users?id=1' }) },
    group: defaults({ url: 'https://api.example.com/v1' }),
    expected: { request: request({ url: 'https://api.example.com/v1/users?id=1' }) },
  },
  {
    name: '{{GROUP_BASE_URL}} stays when the group has no base URL',
    check: { request: request({ url: '{{GROUP_BASE_URL}}/users' }) },
    group: defaults({ url: '' }),
    expected: { request: request({ url: '{{GROUP_BASE_URL}}/users' }) },
  },
  {
    name: 'a URL that does not start with the placeholder is kept',
    check: { request: request({ url: 'https://own.example.com/{{GROUP_BASE_URL}}' }) },
    group: defaults({ url: 'https://api.example.com' }),
    expected: { request: request({ url: 'https://own.example.com/{{GROUP_BASE_URL}}' }) },
  },
  {
    name: 'apiCheckDefaults do not touch other check types',
    check: { checkType: 'URL', request: { url: '{{GROUP_BASE_URL}}/x', assertions: [] } },
    group: defaults({ url: 'https://api.example.com', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }),
    expected: { request: { url: '{{GROUP_BASE_URL}}/x', assertions: [] } },
  },
  {
    name: 'heartbeats take activation, muting, tags and alerts but not locations or run mode',
    check: { checkType: 'HEARTBEAT', locations: [], runParallel: false, retryStrategy: undefined, request: {} },
    group: { activated: false, muted: true, tags: ['team'], locations: ['us-east-1'], runParallel: true, retryStrategy: GROUP_RETRY, alertSettings: GROUP_ALERTS },
    expected: {
      activated: false,
      muted: true,
      tags: ['own', 'team'],
      locations: [],
      runParallel: false,
      retryStrategy: undefined,
      alertSettings: GROUP_ALERTS,
      useGlobalAlertSettings: false,
    },
  },
]

describe('applyGroupSettings', () => {
  it.each(cases)('$name', ({ check: checkExtra = {}, group: groupExtra, expected }) => {
    const input = check(checkExtra)
    const groupDoc = group(groupExtra)
    const before = JSON.stringify({ input, groupDoc })
    const result = applyGroupSettings(input, groupDoc)
    expect(result).toEqual({ ...input, ...expected })
    // Pure: neither argument is changed.
    expect(JSON.stringify({ input, groupDoc })).toBe(before)
  })

  it('applies every override at once', () => {
    const result = applyGroupSettings(
      check({ environmentVariables: [env('A', '1')], request: request({ url: '{{GROUP_BASE_URL}}/ping' }) }),
      group({
        activated: false,
        muted: true,
        locations: ['us-west-2'],
        runParallel: false,
        retryStrategy: GROUP_RETRY,
        useGlobalAlertSettings: true,
        environmentVariables: [env('B', '2')],
        tags: ['team'],
        runtimeId: '2025.04',
        apiCheckDefaults: { url: 'https://base.example.com', headers: [kv('H', 'v')], queryParameters: [], assertions: [], basicAuth: null },
      }),
    )
    expect(result).toMatchObject({
      activated: false,
      muted: true,
      locations: ['us-west-2'],
      privateLocations: [],
      runParallel: false,
      retryStrategy: GROUP_RETRY,
      useGlobalAlertSettings: true,
      environmentVariables: [env('A', '1'), env('B', '2')],
      tags: ['own', 'team'],
      runtimeId: '2025.04',
      request: { url: 'https://base.example.com/ping', headers: [kv('H', 'v')] },
    })
  })
})
