/** TCP monitors: a hostname (no scheme, port or path) and a port, with data and RESPONSE_DATA/RESPONSE_TIME assertions. */
import { envVars } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, missingRequest, monitorBodies, monitorDefaults, monitorFrequencies } from './monitor-rows.js'

const { minimal, withRequest, withAssertion } = monitorBodies('TCP monitor', { hostname: 'example.com', port: 443 })

const DEFAULT_REQUEST = { hostname: 'example.com', port: 443, data: null, ipFamily: 'IPv4', assertions: [] }

const RETRY = { type: 'EXPONENTIAL', baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] }
const FULL = {
  name: 'Full TCP monitor',
  activated: false,
  muted: true,
  doubleCheck: false,
  shouldFail: true,
  locations: ['us-east-2'],
  tags: ['db', 'tcp'],
  useGlobalAlertSettings: false,
  groupOrder: 1,
  runtimeId: '2024.02',
  retryStrategy: RETRY,
  runParallel: true,
  description: 'Postgres port',
  frequency: 2,
  frequencyOffset: 20,
  degradedResponseTime: 100,
  maxResponseTime: 200,
}

export const tcp: CheckTypeCase = {
  label: 'TCP monitors',
  segment: 'tcp',
  checkType: 'TCP',
  minimal: minimal(),
  defaults: monitorDefaults('TCP monitor', { degraded: 3000, max: 5000 }, DEFAULT_REQUEST),
  frequencies: monitorFrequencies({
    accepts: [
      [0, 20],
      [0, 30],
      [30, 300],
      [360, 6],
    ],
    spreads: [
      [10, 100],
      [120, 2],
    ],
    rejectsOffset: [
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 with offset 5', { frequency: 0, frequencyOffset: 5 }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
    ],
    rejectsFrequency: [100],
  }),
  accepts: [
    [
      'stores and returns every field that is given',
      {
        ...FULL,
        request: {
          hostname: 'db.example.com',
          port: 5432,
          data: 'PING\r\n',
          ipFamily: 'IPv6',
          assertions: [
            { source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'PONG' },
            { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 150 },
          ],
        },
      },
      {
        matches: { checkType: 'TCP', ...FULL },
        equals: {
          request: {
            hostname: 'db.example.com',
            port: 5432,
            data: 'PING\r\n',
            ipFamily: 'IPv6',
            assertions: [
              { source: 'RESPONSE_DATA', comparison: 'CONTAINS', property: '', target: 'PONG', regex: null },
              { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '150', regex: null },
            ],
          },
        },
      },
    ],
    ...['127.0.0.1', '::1', '2001:db8::1', '[2001:db8::1]', 'localhost', 'my-host.internal', '{{DB_HOST}}'].map((hostname): Accept => [
      `accepts the hostname ${hostname}`,
      withRequest({ hostname }),
      { equals: { 'request.hostname': hostname } },
    ]),
    ...[1, 22, 65535].map((port): Accept => [`accepts port ${port}`, withRequest({ port }), { equals: { 'request.port': port } }]),
    ...['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'CONTAINS', 'NOT_CONTAINS'].map((comparison): Accept => [
      `accepts a RESPONSE_DATA assertion with comparison ${comparison}`,
      withAssertion({ source: 'RESPONSE_DATA', comparison, target: 'OK' }),
      { equals: { 'request.assertions': [{ source: 'RESPONSE_DATA', comparison, property: '', target: 'OK', regex: null }] } },
    ]),
    [
      'accepts boundary values: description 500, response times 0 and 30000, groupOrder 0, 50 variables',
      minimal({ description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, environmentVariables: envVars(50) }),
      { equals: { 'description.length': 500, degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, 'environmentVariables.length': 50 } },
    ],
    ['accepts a null data and stores null', withRequest({ data: null }), { equals: { 'request.data': null } }],
  ],
  rejects: [
    ['a missing name', { request: { hostname: 'example.com', port: 443 } }, 'name', 'is required'],
    missingRequest,
    ['a missing request.hostname', { name: 'x', request: { port: 443 } }, 'request.hostname', 'is required'],
    ['a missing request.port', { name: 'x', request: { hostname: 'example.com' } }, 'request.port', 'is required'],
    ['an empty hostname', withRequest({ hostname: '' }), 'request.hostname', 'must not be empty'],
    ['a hostname with scheme', withRequest({ hostname: 'https://example.com' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['a hostname with scheme tcp', withRequest({ hostname: 'tcp://example.com' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['a hostname with port', withRequest({ hostname: 'example.com:443' }), 'request.hostname', 'must not include a port'],
    ['an IPv4 address with port', withRequest({ hostname: '10.0.0.1:5432' }), 'request.hostname', 'must not include a port'],
    ['a bracketed IPv6 address with port', withRequest({ hostname: '[2001:db8::1]:443' }), 'request.hostname', 'must not include a port'],
    ['a hostname with a path', withRequest({ hostname: 'example.com/path' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['a hostname with a space', withRequest({ hostname: 'example .com' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['port 0', withRequest({ port: 0 }), 'request.port', 'must be at least 1'],
    ['port 65536', withRequest({ port: 65536 }), 'request.port', 'must be at most 65535'],
    ['port -1', withRequest({ port: -1 }), 'request.port', 'must be at least 1'],
    ['a fractional port', withRequest({ port: 44.3 }), 'request.port', 'must be a whole number'],
    ['a string port', withRequest({ port: '443' }), 'request.port', 'must be a whole number'],
    ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily', 'must be one of: "IPv4", "IPv6"'],
    ['numeric data', withRequest({ data: 42 }), 'request.data', 'must be text'],
    [
      'assertion source STATUS_CODE',
      withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }),
      'request.assertions[0].source',
      'must be one of: "RESPONSE_DATA", "RESPONSE_TIME"',
    ],
    [
      'assertion source FOO',
      withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }),
      'request.assertions[0].source',
      'must be one of: "RESPONSE_DATA", "RESPONSE_TIME"',
    ],
    ['assertion comparison HAS_KEY', withAssertion({ source: 'RESPONSE_DATA', comparison: 'HAS_KEY', target: 'x' }), 'request.assertions[0].comparison', 'must be one of'],
    ['assertion comparison FOO', withAssertion({ source: 'RESPONSE_DATA', comparison: 'FOO', target: 'x' }), 'request.assertions[0].comparison', 'must be one of'],
    [
      'a RESPONSE_TIME target "abc"',
      withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'abc' }),
      'request.assertions[0].target',
      'must be a number for source RESPONSE_TIME',
    ],
    [
      'a RESPONSE_TIME with comparison CONTAINS',
      withAssertion({ source: 'RESPONSE_TIME', comparison: 'CONTAINS', target: '100' }),
      'request.assertions[0].comparison',
      'must be EQUALS, NOT_EQUALS, LESS_THAN or GREATER_THAN for source RESPONSE_TIME',
    ],
    [
      'a RESPONSE_DATA EQUALS without target',
      withAssertion({ source: 'RESPONSE_DATA', comparison: 'EQUALS' }),
      'request.assertions[0].target',
      'is required for comparison EQUALS',
    ],
    ['location mars', minimal({ locations: ['mars'] }), 'locations[0]', 'must be one of'],
    ['a repeated location', minimal({ locations: ['eu-west-1', 'eu-west-1'] }), 'locations', 'must not list the same entry twice'],
    ['runtimeId 2020.01', minimal({ runtimeId: '2020.01' }), 'runtimeId', 'must be one of'],
    ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
    ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
    ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime', 'must be at least 0'],
    ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
    ['name 5', minimal({ name: 5 }), 'name', 'must be text'],
    ['activated "yes"', minimal({ activated: 'yes' }), 'activated', 'must be true or false'],
    ['runParallel "true"', minimal({ runParallel: 'true' }), 'runParallel', 'must be true or false'],
    ['tags "x"', minimal({ tags: 'x' }), 'tags', 'must be a list'],
    ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables', 'must have at most 50 entries'],
  ],
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at',
      minimal({ description: 'keep me', locations: ['eu-west-2'], tags: ['a'], frequency: 1, frequencyOffset: 7 }),
      [
        {
          put: { name: 'Renamed', activated: false, request: { hostname: 'mail.example.com', port: 587 } },
          matches: {
            name: 'Renamed',
            activated: false,
            description: 'keep me',
            locations: ['eu-west-2'],
            tags: ['a'],
            frequency: 1,
            frequencyOffset: 7,
            degradedResponseTime: 3000,
            maxResponseTime: 5000,
          },
          equals: { request: { ...DEFAULT_REQUEST, hostname: 'mail.example.com', port: 587 } },
        },
      ],
    ],
    [
      'keeps locations when they are sent as null',
      minimal({ locations: ['sa-east-1', 'me-south-1'] }),
      [{ put: { locations: null, name: 'Still here' }, matches: { name: 'Still here', locations: ['sa-east-1', 'me-south-1'] } }],
    ],
  ],
  updateRejects: [
    ['port 65536', changed({ request: { hostname: 'example.com', port: 65536 } }), 'request.port', 'must be at most 65535'],
    ['a hostname with port', changed({ request: { hostname: 'example.com:80', port: 80 } }), 'request.hostname', 'must not include a port'],
    ['a request without port', changed({ request: { hostname: 'example.com' } }), 'request.port', 'is required'],
    ['frequency 7', changed({ frequency: 7 }), 'frequency', 'must be one of'],
    ['frequency 0 with offset 15', changed({ frequency: 0, frequencyOffset: 15 }), 'frequencyOffset', 'must be 10, 20 or 30 when frequency is 0'],
    ['groupOrder -1', changed({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
  ],
  roundTrip: withRequest(
    { data: 'PING', assertions: [{ source: 'RESPONSE_DATA', comparison: 'IS_EMPTY' }] },
    { tags: ['t'], locations: ['eu-west-1'], frequency: 0, frequencyOffset: 10 },
  ),
  read: withRequest({ data: 'HELO', assertions: [{ source: 'RESPONSE_DATA', comparison: 'NOT_EMPTY' }] }),
  otherSegments: ['dns', 'api'],
}
