/** URL monitors: a GET of an http(s) URL with redirects, SSL and IP family settings, and STATUS_CODE assertions. */
import { envVars } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, missingRequest, monitorBodies, monitorDefaults } from './monitor-rows.js'

const { minimal, withRequest, withAssertion } = monitorBodies('URL monitor', { url: 'https://example.com' })

const DEFAULT_REQUEST = { method: 'GET', url: 'https://example.com', followRedirects: true, skipSSL: false, ipFamily: 'IPv4', assertions: [] }

const FULL = {
  name: 'Full URL monitor',
  activated: false,
  muted: true,
  doubleCheck: false,
  shouldFail: true,
  locations: ['ap-south-1', 'af-south-1'],
  tags: ['web'],
  useGlobalAlertSettings: false,
  groupOrder: 4,
  runtimeId: '2026.04',
  retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 2, maxDurationSeconds: 120, sameRegion: true, onlyOn: ['NETWORK_ERROR'] },
  runParallel: true,
  description: 'Home page',
  frequency: 1,
  frequencyOffset: 10,
  degradedResponseTime: 800,
  maxResponseTime: 1500,
}
const ALERT_SETTINGS = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 15 } }
const LONGEST_URL = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`

export const url: CheckTypeCase = {
  label: 'URL monitors',
  segment: 'url',
  checkType: 'URL',
  minimal: minimal(),
  defaults: monitorDefaults('URL monitor', { degraded: 3000, max: 5000 }, DEFAULT_REQUEST),
  frequencies: {
    accepts: [
      [5, 50],
      [5, 1],
      [120, 2],
      [720, 12],
      [0, 30],
    ],
    spreads: [
      [1, 10],
      [15, 150],
      [60, 600],
      [180, 3],
      [1440, 24],
    ],
    rejectsOffset: [
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 without an offset', { frequency: 0 }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['frequency 720 with offset 13', { frequency: 720, frequencyOffset: 13 }],
      ['offset 0', { frequencyOffset: 0 }],
    ],
    rejectsFrequency: [7, 3, 90, '10'],
  },
  accepts: [
    [
      'stores and returns every field that is given',
      {
        ...FULL,
        alertSettings: ALERT_SETTINGS,
        request: {
          method: 'GET',
          url: 'http://example.com/health',
          followRedirects: false,
          skipSSL: true,
          ipFamily: 'IPv6',
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 },
            { source: 'STATUS_CODE', comparison: 'LESS_THAN', target: '400' },
          ],
        },
      },
      {
        matches: { checkType: 'URL', ...FULL },
        matchesAt: { alertSettings: ALERT_SETTINGS },
        equals: {
          request: {
            method: 'GET',
            url: 'http://example.com/health',
            followRedirects: false,
            skipSSL: true,
            ipFamily: 'IPv6',
            assertions: [
              { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null },
              { source: 'STATUS_CODE', comparison: 'LESS_THAN', property: '', target: '400', regex: null },
            ],
          },
        },
      },
    ],
    ...['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'].map((comparison): Accept => [
      `accepts a STATUS_CODE assertion with comparison ${comparison}`,
      withAssertion({ source: 'STATUS_CODE', comparison, target: '300' }),
      { equals: { 'request.assertions': [{ source: 'STATUS_CODE', comparison, property: '', target: '300', regex: null }] } },
    ]),
    [
      'accepts boundary values: description 500, url 2048, response times 0 and 30000, groupOrder 0, 50 variables',
      withRequest({ url: LONGEST_URL }, { description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, environmentVariables: envVars(50) }),
      { equals: { 'request.url': LONGEST_URL, 'description.length': 500, degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, 'environmentVariables.length': 50 } },
    ],
    ['accepts a URL that starts with a variable', withRequest({ url: '{{BASE_URL}}/health' }), { equals: { 'request.url': '{{BASE_URL}}/health' } }],
  ],
  rejects: [
    ['a missing name', { request: { url: 'https://example.com' } }, 'name', 'is required'],
    missingRequest,
    ['a missing request.url', { name: 'x', request: {} }, 'request.url', 'is required'],
    ['a request.url without scheme', withRequest({ url: 'example.com' }), 'request.url', 'must start with http:// or https://'],
    ['a request.url with scheme ftp', withRequest({ url: 'ftp://example.com/file' }), 'request.url', 'must start with http:// or https://'],
    ['a request.url with scheme ws', withRequest({ url: 'ws://example.com' }), 'request.url', 'must start with http:// or https://'],
    ['a request.url of 2049 characters', withRequest({ url: `${LONGEST_URL}a` }), 'request.url', 'must be at most 2048 characters long'],
    ['method POST', withRequest({ method: 'POST' }), 'request.method', 'must be one of: "GET"'],
    ['method HEAD', withRequest({ method: 'HEAD' }), 'request.method', 'must be one of: "GET"'],
    ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily', 'must be one of: "IPv4", "IPv6"'],
    ['skipSSL "no"', withRequest({ skipSSL: 'no' }), 'request.skipSSL', 'must be true or false'],
    [
      'assertion source JSON_BODY',
      withAssertion({ source: 'JSON_BODY', property: '$.a', comparison: 'EQUALS', target: '1' }),
      'request.assertions[0].source',
      'must be one of: "STATUS_CODE"',
    ],
    ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source', 'must be one of: "STATUS_CODE"'],
    ['assertion comparison CONTAINS', withAssertion({ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '200' }), 'request.assertions[0].comparison', 'must be one of'],
    ['assertion comparison FOO', withAssertion({ source: 'STATUS_CODE', comparison: 'FOO', target: '200' }), 'request.assertions[0].comparison', 'must be one of'],
    [
      'a STATUS_CODE target "abc"',
      withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }),
      'request.assertions[0].target',
      'must be a number for source STATUS_CODE',
    ],
    [
      'a fractional STATUS_CODE target',
      withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200.5' }),
      'request.assertions[0].target',
      'must be a whole number for source STATUS_CODE',
    ],
    ['a STATUS_CODE without target', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS' }), 'request.assertions[0].target', 'must be a number for source STATUS_CODE'],
    ['location mars', minimal({ locations: ['eu-west-1', 'mars'] }), 'locations[1]', 'must be one of'],
    ['runtimeId latest', minimal({ runtimeId: 'latest' }), 'runtimeId', 'must be one of'],
    ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
    ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
    ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime', 'must be at least 0'],
    ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
    ['name 5', minimal({ name: 5 }), 'name', 'must be text'],
    ['activated "yes"', minimal({ activated: 'yes' }), 'activated', 'must be true or false'],
    ['tags "x"', minimal({ tags: 'x' }), 'tags', 'must be a list'],
    ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables', 'must have at most 50 entries'],
  ],
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at; a new request fills its defaults',
      withRequest(
        { assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
        { description: 'keep me', locations: ['eu-north-1'], tags: ['a'], frequency: 30 },
      ),
      [
        {
          put: { name: 'Renamed', maxResponseTime: 4000, shouldFail: true },
          matches: {
            name: 'Renamed',
            maxResponseTime: 4000,
            shouldFail: true,
            degradedResponseTime: 3000,
            description: 'keep me',
            locations: ['eu-north-1'],
            tags: ['a'],
            frequency: 30,
          },
          keeps: ['frequencyOffset', 'request'],
        },
        { put: { request: { url: 'https://example.org' } }, equals: { request: { ...DEFAULT_REQUEST, url: 'https://example.org' }, name: 'Renamed' } },
      ],
    ],
    [
      'keeps locations when they are sent as null',
      minimal({ locations: ['eu-west-1', 'us-west-2'] }),
      [{ put: { locations: null }, equals: { locations: ['eu-west-1', 'us-west-2'] } }],
    ],
  ],
  updateRejects: [
    ['method POST', changed({ request: { url: 'https://example.com', method: 'POST' } }), 'request.method', 'must be one of: "GET"'],
    ['a URL without scheme', changed({ request: { url: 'example.com' } }), 'request.url', 'must start with http:// or https://'],
    ['frequency 7', changed({ frequency: 7 }), 'frequency', 'must be one of'],
    ['frequency 0 without an offset', changed({ frequency: 0 }), 'frequencyOffset', 'is required when frequency is 0 and must be 10, 20 or 30'],
    ['activated "yes"', changed({ activated: 'yes' }), 'activated', 'must be true or false'],
  ],
  roundTrip: withRequest(
    { assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 }] },
    { tags: ['t'], locations: ['eu-west-1'], retryStrategy: { type: 'FIXED', onlyOn: ['NETWORK_ERROR'] } },
  ),
  read: minimal({ tags: ['read'], locations: ['eu-west-3'] }),
  otherSegments: ['api'],
}
