/** DNS monitors: a query and record type, an optional name server, port and protocol, and answer assertions. */
import { envVars } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, missingRequest, monitorBodies, monitorDefaults } from './monitor-rows.js'

const { minimal, withRequest, withAssertion } = monitorBodies('DNS monitor', { query: 'example.com', recordType: 'A' })

const DEFAULT_REQUEST = { query: 'example.com', recordType: 'A', port: 53, protocol: 'UDP', assertions: [] }

const FULL = {
  name: 'Full DNS monitor',
  activated: false,
  muted: true,
  doubleCheck: false,
  shouldFail: true,
  locations: ['eu-central-1', 'ap-northeast-1'],
  tags: ['dns'],
  useGlobalAlertSettings: false,
  groupOrder: 3,
  runtimeId: '2023.09',
  retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: false, onlyOn: [] },
  runParallel: true,
  description: 'Mail exchangers',
  frequency: 15,
  frequencyOffset: 150,
  degradedResponseTime: 200,
  maxResponseTime: 400,
}
const BOUNDARY_QUERY = `${'a'.repeat(96)}.com`

export const dns: CheckTypeCase = {
  label: 'DNS monitors',
  segment: 'dns',
  checkType: 'DNS',
  minimal: minimal(),
  defaults: monitorDefaults('DNS monitor', { degraded: 500, max: 1000 }, DEFAULT_REQUEST),
  frequencies: {
    accepts: [
      [0, 10],
      [5, 50],
      [10, 100],
      [120, 2],
      [180, 3],
    ],
    spreads: [
      [5, 50],
      [30, 300],
      [360, 6],
      [1440, 24],
    ],
    rejectsOffset: [
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 without an offset', { frequency: 0 }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['frequency 180 with offset 4', { frequency: 180, frequencyOffset: 4 }],
      ['offset 0', { frequencyOffset: 0 }],
    ],
    rejectsFrequency: [7, 20, '5'],
  },
  accepts: [
    [
      'stores and returns every field that is given',
      {
        ...FULL,
        request: {
          query: 'example.org',
          recordType: 'MX',
          nameServer: '1.1.1.1',
          port: 5353,
          protocol: 'TCP',
          assertions: [
            { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
            { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 300 },
            { source: 'JSON_ANSWER', property: '$.Answer[0].data', comparison: 'CONTAINS', target: 'mx.example.org' },
            { source: 'TEXT_ANSWER', property: 'MX\\s+(\\d+)', comparison: 'EQUALS', target: '10' },
          ],
        },
      },
      {
        matches: { checkType: 'DNS', ...FULL },
        equals: {
          request: {
            query: 'example.org',
            recordType: 'MX',
            nameServer: '1.1.1.1',
            port: 5353,
            protocol: 'TCP',
            assertions: [
              { source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR', regex: null },
              { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '300', regex: null },
              { source: 'JSON_ANSWER', comparison: 'CONTAINS', property: '$.Answer[0].data', target: 'mx.example.org', regex: null },
              { source: 'TEXT_ANSWER', comparison: 'EQUALS', property: 'MX\\s+(\\d+)', target: '10', regex: null },
            ],
          },
        },
      },
    ],
    ...['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'].map((recordType): Accept => [
      `accepts recordType ${recordType}`,
      withRequest({ recordType }),
      { equals: { 'request.recordType': recordType } },
    ]),
    ...['8.8.8.8', '8.8.8.8:5353', 'ns1.example.com', 'ns1.example.com:53', '2001:4860:4860::8888', '[2001:4860:4860::8888]:53'].map((nameServer): Accept => [
      `accepts the name server ${nameServer}`,
      withRequest({ nameServer }),
      { equals: { 'request.nameServer': nameServer } },
    ]),
    ['fills port 53 and protocol UDP when port is null and protocol absent', withRequest({ port: null, nameServer: null }), { equals: { request: DEFAULT_REQUEST } }],
    [
      'accepts boundary values: query 100, port 1, response times 0 and 5000, description 500, groupOrder 0, 50 variables',
      withRequest(
        { query: BOUNDARY_QUERY, port: 1 },
        { degradedResponseTime: 0, maxResponseTime: 5000, description: 'd'.repeat(500), groupOrder: 0, environmentVariables: envVars(50) },
      ),
      {
        equals: {
          'request.query': BOUNDARY_QUERY,
          'request.port': 1,
          degradedResponseTime: 0,
          maxResponseTime: 5000,
          'description.length': 500,
          groupOrder: 0,
          'environmentVariables.length': 50,
        },
      },
    ],
    [
      'accepts boundary values: port 65535, response times 4999 below 5000 (degraded must stay below max)',
      withRequest({ port: 65535 }, { degradedResponseTime: 4999, maxResponseTime: 5000 }),
      { equals: { 'request.port': 65535, degradedResponseTime: 4999, maxResponseTime: 5000 } },
    ],
  ],
  rejects: [
    ['a missing name', { request: { query: 'example.com', recordType: 'A' } }, 'name', 'is required'],
    missingRequest,
    ['a missing request.query', { name: 'x', request: { recordType: 'A' } }, 'request.query', 'is required'],
    ['a missing request.recordType', { name: 'x', request: { query: 'example.com' } }, 'request.recordType', 'is required'],
    ['an empty query', withRequest({ query: '' }), 'request.query', 'must not be empty'],
    ['a query of 101 characters', withRequest({ query: `${'a'.repeat(97)}.com` }), 'request.query', 'must be at most 100 characters long'],
    ['recordType PTR', withRequest({ recordType: 'PTR' }), 'request.recordType', 'must be one of'],
    ['a lower-case recordType', withRequest({ recordType: 'a' }), 'request.recordType', 'must be one of'],
    ['protocol HTTP', withRequest({ protocol: 'HTTP' }), 'request.protocol', 'must be one of: "UDP", "TCP"'],
    ['a lower-case protocol', withRequest({ protocol: 'udp' }), 'request.protocol', 'must be one of: "UDP", "TCP"'],
    ['port 0', withRequest({ port: 0 }), 'request.port', 'must be at least 1'],
    ['port 65536', withRequest({ port: 65536 }), 'request.port', 'must be at most 65535'],
    ['a string port', withRequest({ port: '53' }), 'request.port', 'must be a whole number'],
    ['a name server URL', withRequest({ nameServer: 'https://dns.google/dns-query' }), 'request.nameServer', 'must be a host name or IP address, optionally with :port'],
    ['a name server with a path', withRequest({ nameServer: 'dns.google/resolve' }), 'request.nameServer', 'must be a host name or IP address, optionally with :port'],
    ['a name server with a space', withRequest({ nameServer: '8.8.8.8 8.8.4.4' }), 'request.nameServer', 'must be a host name or IP address, optionally with :port'],
    ['a name server of 101 characters', withRequest({ nameServer: `${'n'.repeat(97)}.com` }), 'request.nameServer', 'must be at most 100 characters long'],
    ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }), 'request.assertions[0].source', 'must be one of'],
    ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source', 'must be one of'],
    ['assertion comparison FOO', withAssertion({ source: 'RESPONSE_CODE', comparison: 'FOO', target: 'NOERROR' }), 'request.assertions[0].comparison', 'must be one of'],
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
      'a JSON_ANSWER property without $',
      withAssertion({ source: 'JSON_ANSWER', property: 'Answer[0].data', comparison: 'EQUALS', target: '1.2.3.4' }),
      'request.assertions[0].property',
      'must be a JSONPath starting with $',
    ],
    [
      'a TEXT_ANSWER property that is not a regex',
      withAssertion({ source: 'TEXT_ANSWER', property: '([a-z', comparison: 'EQUALS', target: 'x' }),
      'request.assertions[0].property',
      'must be a valid regular expression',
    ],
    [
      'a RESPONSE_CODE EQUALS without target',
      withAssertion({ source: 'RESPONSE_CODE', comparison: 'EQUALS' }),
      'request.assertions[0].target',
      'is required for comparison EQUALS',
    ],
    ['location mars', minimal({ locations: ['mars'] }), 'locations[0]', 'must be one of'],
    ['runtimeId 2025.01', minimal({ runtimeId: '2025.01' }), 'runtimeId', 'must be one of'],
    ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
    ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
    ['degradedResponseTime 5001', minimal({ degradedResponseTime: 5001 }), 'degradedResponseTime', 'must be at most 5000'],
    ['maxResponseTime 5001', minimal({ maxResponseTime: 5001 }), 'maxResponseTime', 'must be at most 5000'],
    ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
    ['name 5', minimal({ name: 5 }), 'name', 'must be text'],
    ['activated "yes"', minimal({ activated: 'yes' }), 'activated', 'must be true or false'],
    ['shouldFail null', minimal({ shouldFail: null }), 'shouldFail', 'must be true or false'],
    ['tags "x"', minimal({ tags: 'x' }), 'tags', 'must be a list'],
    ['a tag that is not a string', minimal({ tags: ['ok', 5] }), 'tags[1]', 'must be text'],
    ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables', 'must have at most 50 entries'],
    [
      'an environment variable with a bad key',
      minimal({ environmentVariables: [{ key: '1-bad key', value: 'v' }] }),
      'environmentVariables[0].key',
      'Use letters, digits and underscores, not starting with a digit',
    ],
  ],
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at; a new request fills its defaults',
      withRequest({ nameServer: '9.9.9.9', protocol: 'TCP' }, { description: 'keep me', locations: ['us-west-1'], tags: ['a'], frequency: 60, frequencyOffset: 600 }),
      [
        {
          put: { name: 'Renamed', degradedResponseTime: 250, tags: ['b', 'c'] },
          matches: {
            name: 'Renamed',
            degradedResponseTime: 250,
            maxResponseTime: 1000,
            tags: ['b', 'c'],
            description: 'keep me',
            locations: ['us-west-1'],
            frequency: 60,
            frequencyOffset: 600,
          },
          equals: { request: { ...DEFAULT_REQUEST, nameServer: '9.9.9.9', protocol: 'TCP' } },
        },
        {
          put: { request: { query: 'example.net', recordType: 'AAAA' } },
          matches: { name: 'Renamed', degradedResponseTime: 250 },
          equals: { request: { ...DEFAULT_REQUEST, query: 'example.net', recordType: 'AAAA' } },
        },
      ],
    ],
    [
      'keeps locations when they are sent as null',
      minimal({ locations: ['ap-east-1', 'ap-southeast-3'] }),
      [{ put: { locations: null }, equals: { locations: ['ap-east-1', 'ap-southeast-3'] } }],
    ],
  ],
  updateRejects: [
    ['recordType PTR', changed({ request: { query: 'example.com', recordType: 'PTR' } }), 'request.recordType', 'must be one of'],
    ['a request without recordType', changed({ request: { query: 'example.com' } }), 'request.recordType', 'is required'],
    ['a query of 101 characters', changed({ request: { query: 'q'.repeat(101), recordType: 'A' } }), 'request.query', 'must be at most 100 characters long'],
    ['maxResponseTime 5001', changed({ maxResponseTime: 5001 }), 'maxResponseTime', 'must be at most 5000'],
    ['frequency 5 with offset 51', changed({ frequency: 5, frequencyOffset: 51 }), 'frequencyOffset', 'must be from 1 to 50'],
    ['tags "x"', changed({ tags: 'x' }), 'tags', 'must be a list'],
  ],
  roundTrip: withRequest({ nameServer: '1.1.1.1', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }] }, { tags: ['t'], locations: ['eu-west-1'] }),
  read: withRequest({ recordType: 'TXT', assertions: [{ source: 'TEXT_ANSWER', property: 'v=spf1', comparison: 'NOT_EMPTY' }] }),
  otherSegments: ['url'],
}
