/** ICMP monitors: pings of a hostname with a count, packet loss thresholds, and LATENCY/JSON_RESPONSE assertions. */
import type { Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase, Reject } from '../check-type-case.js'

const minimal = (extra: Json = {}): Json => ({ name: 'Ping', request: { hostname: '127.0.0.1' }, heartbeat: {}, script: '', ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { hostname: '127.0.0.1', ...request }, ...extra })
const latency = (property: string, target = '200') => ({ source: 'LATENCY', property, comparison: 'LESS_THAN', target })
const vars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `V${i}`, value: String(i) }))
const without = (field: string): Json => Object.fromEntries(Object.entries(minimal()).filter(([key]) => key !== field))

const DEFAULT_REQUEST = { hostname: '127.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] }

export const icmp: CheckTypeCase = {
  label: 'ICMP monitors',
  segment: 'icmp',
  checkType: 'ICMP',
  minimal: minimal(),
  defaults: {
    matches: {
      name: 'Ping',
      heartbeat: {},
      script: '',
      retryStrategy: null,
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      degradedPacketLossThreshold: 10,
      maxPacketLossThreshold: 20,
      scriptPath: null,
      sslCheckDomain: null,
      setupSnippetId: null,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: null,
    },
    equals: { request: DEFAULT_REQUEST },
  },
  frequencies: {
    accepts: [
      [0, 10],
      [0, 20],
      [0, 30],
    ],
    spreads: [[10, 100]],
    rejectsOffset: [
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }],
      ['offset 0', { frequencyOffset: 0 }],
    ],
    rejectsFrequency: [7],
  },
  accepts: [
    [
      'returns the given request, thresholds and other fields',
      minimal({
        request: { hostname: 'example.com', ipFamily: 'IPv6', pingCount: 50, assertions: [latency('avg', '150'), latency('max', '400')] },
        degradedResponseTime: 0,
        maxResponseTime: 300000,
        degradedPacketLossThreshold: 5,
        maxPacketLossThreshold: 100,
        locations: ['eu-central-1'],
        tags: ['network'],
        muted: true,
        scriptPath: 'ping.js',
        sslCheckDomain: 'example.com',
        environmentVariables: [{ key: 'TARGET', value: 'example.com' }],
      }),
      {
        matches: {
          checkType: 'ICMP',
          request: { hostname: 'example.com', ipFamily: 'IPv6', pingCount: 50, assertions: [latency('avg', '150'), latency('max', '400')] },
          degradedResponseTime: 0,
          maxResponseTime: 300000,
          degradedPacketLossThreshold: 5,
          maxPacketLossThreshold: 100,
          locations: ['eu-central-1'],
          tags: ['network'],
          muted: true,
          scriptPath: 'ping.js',
          sslCheckDomain: 'example.com',
          environmentVariables: [{ key: 'TARGET', value: 'example.com', locked: false, secret: false }],
        },
      },
    ],
    ...[1, 50].map((pingCount): Accept => [`accepts pingCount ${pingCount}`, withRequest({ pingCount }), { equals: { 'request.pingCount': pingCount } }]),
    ...['avg', 'min', 'max', 'stdDev'].map((property): Accept => [
      `accepts the LATENCY property ${property}`,
      withRequest({ assertions: [latency(property)] }),
      { matchesAt: { 'request.assertions.0': latency(property) } },
    ]),
    [
      'accepts a JSON_RESPONSE assertion',
      withRequest({ assertions: [{ source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'LESS_THAN', target: '5' }] }),
      { matchesAt: { 'request.assertions.0': { source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'LESS_THAN', target: '5' } } },
    ],
    [
      'accepts equal packet loss thresholds',
      minimal({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 30 }),
      { matches: { degradedPacketLossThreshold: 30, maxPacketLossThreshold: 30 } },
    ],
    [
      'accepts fractional packet loss percentages',
      minimal({ degradedPacketLossThreshold: 0.5, maxPacketLossThreshold: 12.5 }),
      { matches: { degradedPacketLossThreshold: 0.5, maxPacketLossThreshold: 12.5 } },
    ],
    ['returns heartbeat as an object when it is sent as null', minimal({ heartbeat: null }), { equals: { heartbeat: {} } }],
    ['accepts an IPv6 address as hostname', withRequest({ hostname: '2001:db8::1', ipFamily: 'IPv6' }), { matchesAt: { request: { hostname: '2001:db8::1', ipFamily: 'IPv6' } } }],
    ['accepts 50 environment variables', minimal({ environmentVariables: vars(50) }), { equals: { 'environmentVariables.length': 50 } }],
  ],
  rejects: [
    ...['name', 'request', 'heartbeat', 'script'].map((field): Reject => [`a missing ${field}`, without(field), field, 'is required']),
    ['a request without hostname', minimal({ request: {} }), 'request.hostname', 'is required'],
    ['an empty hostname', withRequest({ hostname: '' }), 'request.hostname', 'must not be empty'],
    ['a hostname of 2049 characters', withRequest({ hostname: 'h'.repeat(2049) }), 'request.hostname', 'must be at most 2048 characters long'],
    ['a hostname with scheme', withRequest({ hostname: 'https://example.com' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['a hostname with a path', withRequest({ hostname: 'example.com/path' }), 'request.hostname', 'must be a host name or IP address, without scheme or path'],
    ['a hostname with port', withRequest({ hostname: 'example.com:80' }), 'request.hostname', 'must not include a port'],
    ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily', 'must be one of: "IPv4", "IPv6"'],
    ['pingCount 0', withRequest({ pingCount: 0 }), 'request.pingCount', 'must be at least 1'],
    ['pingCount 51', withRequest({ pingCount: 51 }), 'request.pingCount', 'must be at most 50'],
    ['pingCount 2.5', withRequest({ pingCount: 2.5 }), 'request.pingCount', 'must be a whole number'],
    ['maxResponseTime 300001', minimal({ maxResponseTime: 300001 }), 'maxResponseTime', 'must be at most 300000'],
    ['degradedResponseTime 300001', minimal({ degradedResponseTime: 300001 }), 'degradedResponseTime', 'must be at most 300000'],
    ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime', 'must be at least 0'],
    ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
    ['degradedPacketLossThreshold 0', minimal({ degradedPacketLossThreshold: 0 }), 'degradedPacketLossThreshold', 'must be more than 0'],
    ['maxPacketLossThreshold 0', minimal({ maxPacketLossThreshold: 0 }), 'maxPacketLossThreshold', 'must be more than 0'],
    ['degradedPacketLossThreshold -5', minimal({ degradedPacketLossThreshold: -5 }), 'degradedPacketLossThreshold', 'must be more than 0'],
    ['degradedPacketLossThreshold 101', minimal({ degradedPacketLossThreshold: 101 }), 'degradedPacketLossThreshold', 'must be at most 100'],
    ['maxPacketLossThreshold 101', minimal({ maxPacketLossThreshold: 101 }), 'maxPacketLossThreshold', 'must be at most 100'],
    [
      'maxPacketLossThreshold 20 below degradedPacketLossThreshold 30',
      minimal({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 20 }),
      'maxPacketLossThreshold',
      'must be at least degradedPacketLossThreshold',
    ],
    [
      'maxPacketLossThreshold 5 below the default degradedPacketLossThreshold 10',
      minimal({ maxPacketLossThreshold: 5 }),
      'maxPacketLossThreshold',
      'must be at least degradedPacketLossThreshold',
    ],
    [
      'degradedPacketLossThreshold 50 above the default maxPacketLossThreshold 20',
      minimal({ degradedPacketLossThreshold: 50 }),
      'maxPacketLossThreshold',
      'must be at least degradedPacketLossThreshold',
    ],
    ['a LATENCY property median', withRequest({ assertions: [latency('median')] }), 'request.assertions[0].property', 'must be avg, min, max or stdDev for source LATENCY'],
    [
      'a second LATENCY assertion with property p99',
      withRequest({ assertions: [latency('avg'), latency('p99')] }),
      'request.assertions[1].property',
      'must be avg, min, max or stdDev for source LATENCY',
    ],
    [
      'assertion source STATUS_CODE',
      withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }),
      'request.assertions[0].source',
      'must be one of: "LATENCY", "JSON_RESPONSE"',
    ],
    [
      'assertion comparison HAS_KEY',
      withRequest({ assertions: [{ source: 'LATENCY', property: 'avg', comparison: 'HAS_KEY', target: '1' }] }),
      'request.assertions[0].comparison',
      'must be one of',
    ],
    ['a non-numeric LATENCY target', withRequest({ assertions: [latency('avg', 'fast')] }), 'request.assertions[0].target', 'must be a number for source LATENCY'],
    ['environmentVariables with 51 entries', minimal({ environmentVariables: vars(51) }), 'environmentVariables', 'must have at most 50 entries'],
    ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
    ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
  ],
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at',
      minimal({ request: { hostname: 'example.org', pingCount: 5 }, tags: ['t'] }),
      [{ put: { name: 'Renamed', maxPacketLossThreshold: 40 }, changes: { name: 'Renamed', maxPacketLossThreshold: 40 } }],
    ],
    [
      'replaces the request as a whole, filling its defaults',
      withRequest({ pingCount: 5, ipFamily: 'IPv6', assertions: [latency('avg')] }),
      [{ put: { request: { hostname: '10.0.0.1' } }, equals: { request: { hostname: '10.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] } } }],
    ],
    [
      'validates the packet loss thresholds against the stored values',
      minimal(),
      [
        { put: { degradedPacketLossThreshold: 50 }, rejects: 'maxPacketLossThreshold' },
        { put: { maxPacketLossThreshold: 9 }, rejects: 'maxPacketLossThreshold' },
        { put: { degradedPacketLossThreshold: 50, maxPacketLossThreshold: 60 }, matches: { degradedPacketLossThreshold: 50, maxPacketLossThreshold: 60 } },
      ],
    ],
    ['accepts frequency 0 with frequencyOffset 20 on update', minimal(), [{ put: { frequency: 0, frequencyOffset: 20 }, matches: { frequency: 0, frequencyOffset: 20 } }]],
  ],
  updateRejects: [
    ['maxResponseTime 300001', { maxResponseTime: 300001 }, 'maxResponseTime', 'must be at most 300000'],
    ['maxPacketLossThreshold 101', { maxPacketLossThreshold: 101 }, 'maxPacketLossThreshold', 'must be at most 100'],
    ['degradedPacketLossThreshold 0', { degradedPacketLossThreshold: 0 }, 'degradedPacketLossThreshold', 'must be more than 0'],
    ['pingCount 51', { request: { hostname: '127.0.0.1', pingCount: 51 } }, 'request.pingCount', 'must be at most 50'],
    [
      'a LATENCY property median',
      { request: { hostname: '127.0.0.1', assertions: [latency('median')] } },
      'request.assertions[0].property',
      'must be avg, min, max or stdDev for source LATENCY',
    ],
    ['frequency 0 without an offset', { frequency: 0 }, 'frequencyOffset', 'is required when frequency is 0 and must be 10, 20 or 30'],
    ['frequency 3', { frequency: 3 }, 'frequency', 'must be one of'],
  ],
  roundTrip: withRequest({ ipFamily: 'IPv6', pingCount: 3, assertions: [latency('avg')] }, { tags: ['t'], locations: ['eu-west-1'], maxPacketLossThreshold: 40 }),
  read: minimal({ tags: ['icmp-read'] }),
  otherSegments: ['tcp'],
}
