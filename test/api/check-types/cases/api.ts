/** API checks: any method with a body, headers, query parameters, basic auth, and assertions on status, body, headers and latency. */
import { DEFAULT_ALERT_SETTINGS, envVars, type Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase, Update } from '../check-type-case.js'
import { API_REJECTS, API_UPDATE_REJECTS } from './api-rejects.js'

const minimal = (extra: Json = {}): Json => ({ name: 'API check', request: { url: 'https://example.com' }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { url: 'https://example.com', ...request }, ...extra })

const API_DEFAULT_REQUEST = {
  method: 'GET',
  url: 'https://example.com',
  followRedirects: true,
  skipSSL: false,
  ipFamily: 'IPv4',
  body: '',
  bodyType: 'NONE',
  headers: [],
  queryParameters: [],
  assertions: [],
  basicAuth: null,
}

const FULL = {
  name: 'Full API check',
  activated: false,
  muted: true,
  doubleCheck: false,
  shouldFail: true,
  locations: ['eu-west-1', 'us-east-1'],
  tags: ['prod', 'api'],
  useGlobalAlertSettings: false,
  groupOrder: 0,
  runtimeId: '2025.04',
  retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 3, maxDurationSeconds: 300, sameRegion: false, onlyOn: ['NETWORK_ERROR'] },
  runParallel: true,
  description: 'Checks the public API',
  frequency: 5,
  frequencyOffset: 50,
  degradedResponseTime: 1000,
  maxResponseTime: 2000,
  localSetupScript: 'request.headers["x-setup"] = "1"',
  localTearDownScript: 'response.body = ""',
}
const ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 3 },
  reminders: { amount: 2, interval: 10 },
  parallelRunFailureThreshold: { enabled: true, percentage: 50 },
}
const LONGEST_URL = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`

/** Moving to frequency 0 needs an offset of its own: a spread offset of 10, 20 or 30 must not become the sub-minute interval. */
const switchToSubMinute = (frequencyOffset: number): Update => [
  `rejects switching to frequency 0 without an offset even when the spread offset is ${frequencyOffset}`,
  minimal({ frequency: 10, frequencyOffset }),
  [{ put: { frequency: 0 }, rejects: 'frequencyOffset' }],
]

export const api: CheckTypeCase = {
  label: 'API checks',
  segment: 'api',
  checkType: 'API',
  minimal: minimal(),
  defaults: {
    matches: {
      name: 'API check',
      retryStrategy: null,
      degradedResponseTime: 5000,
      maxResponseTime: 20000,
      setupSnippetId: null,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: null,
    },
    equals: { request: API_DEFAULT_REQUEST },
  },
  frequencies: {
    accepts: [
      [0, 10],
      [0, 20],
      [0, 30],
      [5, 1],
      [5, 50],
      [1, 10],
      [60, 600],
      [120, 1],
      [120, 2],
      [1440, 24],
    ],
    spreads: [
      [1, 10],
      [2, 20],
      [5, 50],
      [10, 100],
      [15, 150],
      [30, 300],
      [60, 600],
      [120, 2],
      [180, 3],
      [360, 6],
      [720, 12],
      [1440, 24],
    ],
    rejectsOffset: [
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 without an offset', { frequency: 0 }],
      ['frequency 0 with a null offset', { frequency: 0, frequencyOffset: null }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }],
      ['frequency 60 with offset 601', { frequency: 60, frequencyOffset: 601 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['frequency 1440 with offset 25', { frequency: 1440, frequencyOffset: 25 }],
      ['offset 0', { frequencyOffset: 0 }],
      ['offset -1', { frequencyOffset: -1 }],
      ['a fractional offset', { frequencyOffset: 1.5 }],
      ['a string offset', { frequencyOffset: '10' }],
    ],
    rejectsFrequency: [7, -1, 3, 45, 2000, '10', 10.5],
  },
  accepts: [
    [
      'stores and returns every field that is given',
      {
        ...FULL,
        alertSettings: ALERT_SETTINGS,
        environmentVariables: [{ key: 'TOKEN', value: 'abc', locked: true }],
        request: {
          method: 'POST',
          url: 'https://example.com/api?x=1',
          followRedirects: false,
          skipSSL: true,
          ipFamily: 'IPv6',
          body: '{"a":1}',
          bodyType: 'JSON',
          headers: [{ key: 'X-Test', value: '1' }],
          queryParameters: [{ key: 'q', value: 'v', locked: true }],
          basicAuth: { username: 'user', password: 'secret' },
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 },
            { source: 'JSON_BODY', property: '$.data.id', comparison: 'NOT_EMPTY' },
            { source: 'LATENCY', comparison: 'LESS_THAN', target: '500' },
            { source: 'HEADERS', property: 'content-type', comparison: 'CONTAINS', target: 'json' },
          ],
        },
      },
      {
        matches: { checkType: 'API', ...FULL, updated_at: null },
        matchesAt: { alertSettings: ALERT_SETTINGS, 'environmentVariables.0': { key: 'TOKEN', value: 'abc', locked: true } },
        equals: {
          'environmentVariables.length': 1,
          request: {
            method: 'POST',
            url: 'https://example.com/api?x=1',
            followRedirects: false,
            skipSSL: true,
            ipFamily: 'IPv6',
            body: '{"a":1}',
            bodyType: 'JSON',
            headers: [{ key: 'X-Test', value: '1', locked: false }],
            queryParameters: [{ key: 'q', value: 'v', locked: true }],
            basicAuth: { username: 'user', password: 'secret' },
            assertions: [
              { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null },
              { source: 'JSON_BODY', comparison: 'NOT_EMPTY', property: '$.data.id', target: '', regex: null },
              { source: 'LATENCY', comparison: 'LESS_THAN', property: '', target: '500', regex: null },
              { source: 'HEADERS', comparison: 'CONTAINS', property: 'content-type', target: 'json', regex: null },
            ],
          },
        },
      },
    ],
    ...['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'PATCH'].map((method): Accept => [`accepts method ${method}`, withRequest({ method }), { equals: { 'request.method': method } }]),
    ...['NONE', 'JSON', 'FORM', 'RAW', 'GRAPHQL'].map((bodyType): Accept => [
      `accepts bodyType ${bodyType}`,
      withRequest({ bodyType, body: 'a=1' }),
      { equals: { 'request.bodyType': bodyType } },
    ]),
    ...['http://example.com/path', 'HTTPS://EXAMPLE.COM', '{{GROUP_BASE_URL}}/health', 'https://{{HOST}}/v1?q={{Q}}'].map((url): Accept => [
      `accepts the URL ${url}`,
      withRequest({ url }),
      { equals: { 'request.url': url } },
    ]),
    [
      'accepts boundary values: description 500, url 2048, response times 0 and 30000, groupOrder 0, 50 variables',
      withRequest({ url: LONGEST_URL }, { description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, environmentVariables: envVars(50) }),
      { equals: { 'request.url.length': 2048, 'description.length': 500, degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, 'environmentVariables.length': 50 } },
    ],
    [
      'accepts the top of the range: degraded 29999 below max 30000 (degraded must stay below max)',
      minimal({ degradedResponseTime: 29999, maxResponseTime: 30000 }),
      { equals: { degradedResponseTime: 29999, maxResponseTime: 30000 } },
    ],
    [
      'accepts null for nullable fields and fills their defaults',
      minimal({ description: null, runtimeId: null, groupId: null, groupOrder: null, retryStrategy: null, locations: null, tags: null, alertSettings: null }),
      {
        matches: { description: null, runtimeId: null, groupId: null, groupOrder: null, retryStrategy: null, locations: [], tags: [] },
        equals: { alertSettings: DEFAULT_ALERT_SETTINGS },
      },
    ],
  ],
  rejects: API_REJECTS,
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at',
      minimal({ description: 'keep me', locations: ['eu-west-1'], tags: ['a'], frequency: 5, degradedResponseTime: 1234, runtimeId: '2024.09' }),
      [
        {
          put: { name: 'Renamed', muted: true, request: { url: 'https://example.org/status', method: 'HEAD' } },
          matches: {
            name: 'Renamed',
            muted: true,
            description: 'keep me',
            locations: ['eu-west-1'],
            tags: ['a'],
            frequency: 5,
            degradedResponseTime: 1234,
            maxResponseTime: 20000,
            runtimeId: '2024.09',
            activated: true,
          },
          keeps: ['frequencyOffset'],
          equals: { request: { ...API_DEFAULT_REQUEST, url: 'https://example.org/status', method: 'HEAD' } },
        },
      ],
    ],
    [
      'keeps locations and tags when they are sent as null, and clears them with []',
      minimal({ locations: ['eu-west-1', 'us-west-2'], tags: ['x', 'y'] }),
      [
        {
          put: { locations: null, tags: null, alertSettings: null },
          matches: { locations: ['eu-west-1', 'us-west-2'], tags: ['x', 'y'] },
          equals: { alertSettings: DEFAULT_ALERT_SETTINGS },
        },
        { put: { locations: [], tags: [] }, matches: { locations: [], tags: [] } },
      ],
    ],
    ['accepts an empty body and changes nothing but updated_at', minimal(), [{ put: {}, changes: {} }]],
    [
      'applies the frequencyOffset rules to the merged check',
      minimal({ frequency: 10, frequencyOffset: 55 }),
      [
        { put: { frequencyOffset: 101 }, rejects: 'frequencyOffset' },
        { put: { frequency: 0 }, rejects: 'frequencyOffset' },
        { put: { frequency: 0, frequencyOffset: 20 }, matches: { frequency: 0, frequencyOffset: 20 } },
        { put: { name: 'Every 20 seconds' }, matches: { frequency: 0, frequencyOffset: 20 } },
        { put: { frequency: 120 }, equals: { frequency: 120 }, within: { frequencyOffset: [1, 2] } },
        { put: { frequencyOffset: 2 }, matches: { frequency: 120, frequencyOffset: 2 } },
      ],
    ],
    switchToSubMinute(10),
    switchToSubMinute(20),
    switchToSubMinute(30),
    [
      'gives a spread offset when leaving frequency 0 without an offset',
      minimal({ frequency: 0, frequencyOffset: 30 }),
      [{ put: { frequency: 1 }, equals: { frequency: 1 }, within: { frequencyOffset: [1, 10] } }],
    ],
  ],
  updateRejects: API_UPDATE_REJECTS,
  roundTrip: withRequest(
    { method: 'POST', body: '{}', bodyType: 'JSON', headers: [{ key: 'A', value: 'b' }], assertions: [{ source: 'JSON_BODY', property: '$.ok', comparison: 'NOT_EMPTY' }] },
    { tags: ['t'], locations: ['eu-west-1'], retryStrategy: { type: 'FIXED' }, environmentVariables: [{ key: 'K', value: 'v' }] },
  ),
  read: withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }, { tags: ['read'] }),
  otherSegments: ['tcp'],
}
