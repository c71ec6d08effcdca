/** Traceroute monitors: the route to a host (a name, an address or a URL's host), its probes and limits, and assertions. */
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, keepsAbsentFields, missingRequest, monitorBodies, monitorDefaults, monitorFrequencies, nameNotText } from './monitor-rows.js'

const bodies = monitorBodies('Traceroute monitor', { url: 'shop.example.com' })
const { minimal, withRequest, withAssertion } = bodies

const DEFAULT_REQUEST = { url: 'shop.example.com', protocol: 'UDP', port: null, ipFamily: 'IPv4', maxHops: 30, maxUnknownHops: 15, ptrLookup: true, timeout: 10, assertions: [] }

export const traceroute: CheckTypeCase = {
  label: 'traceroute monitors',
  segment: 'traceroute',
  checkType: 'TRACEROUTE',
  minimal: minimal(),
  defaults: monitorDefaults('Traceroute monitor', { degraded: 10000, max: 20000 }, DEFAULT_REQUEST),
  frequencies: monitorFrequencies(),
  accepts: [
    [
      'stores the protocol, port, address family, limits, PTR names and assertions',
      withRequest({
        protocol: 'TCP',
        port: 443,
        ipFamily: 'IPv6',
        maxHops: 20,
        maxUnknownHops: 5,
        ptrLookup: false,
        timeout: 30,
        assertions: [
          { source: 'HOP_COUNT', comparison: 'LESS_THAN', target: 12 },
          { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: 'max', target: '200' },
        ],
      }),
      {
        matches: { checkType: 'TRACEROUTE' },
        equals: {
          request: {
            ...DEFAULT_REQUEST,
            protocol: 'TCP',
            port: 443,
            ipFamily: 'IPv6',
            maxHops: 20,
            maxUnknownHops: 5,
            ptrLookup: false,
            timeout: 30,
            assertions: [
              { source: 'HOP_COUNT', comparison: 'LESS_THAN', property: '', target: '12', regex: null },
              { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: 'max', target: '200', regex: null },
            ],
          },
        },
      },
    ],
    ['nulls are the defaults', withRequest({ protocol: null, maxHops: null, ptrLookup: null, timeout: null }), { equals: { request: DEFAULT_REQUEST } }],
    ...['127.0.0.1', '::1', 'localhost', 'https://shop.example.com/path', '{{TRACE_HOST}}'].map((url): Accept => [
      `accepts the target ${url}`,
      withRequest({ url }),
      { equals: { 'request.url': url } },
    ]),
    ...['ICMP', 'UDP'].map((protocol): Accept => [`accepts ${protocol} probes`, withRequest({ protocol }), { equals: { 'request.protocol': protocol } }]),
    ['a PACKET_LOSS assertion', withAssertion({ source: 'PACKET_LOSS', comparison: 'EQUALS', target: '0' }), { equals: { 'request.assertions.0.source': 'PACKET_LOSS' } }],
  ],
  rejects: [
    missingRequest,
    ['a missing request.url', { name: 'x', request: {} }, 'request.url'],
    ['a URL without a host', withRequest({ url: 'https://' }), 'request.url'],
    ['SCTP probes', withRequest({ protocol: 'SCTP' }), 'request.protocol', 'SCTP probes are not available on this service: use TCP, ICMP or UDP'],
    ['protocol GRE', withRequest({ protocol: 'GRE' }), 'request.protocol', 'must be one of'],
    ['port 0', withRequest({ port: 0 }), 'request.port'],
    ['65 hops', withRequest({ maxHops: 65 }), 'request.maxHops'],
    ['31 unknown hops', withRequest({ maxUnknownHops: 31 }), 'request.maxUnknownHops'],
    ['timeout 31', withRequest({ timeout: 31 }), 'request.timeout'],
    ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }), 'request.assertions[0].source', 'must be one of'],
    ['a comparison CONTAINS', withAssertion({ source: 'HOP_COUNT', comparison: 'CONTAINS', target: '3' }), 'request.assertions[0].comparison', 'must be one of'],
    [
      'a HOP_COUNT of "many"',
      withAssertion({ source: 'HOP_COUNT', comparison: 'EQUALS', target: 'many' }),
      'request.assertions[0].target',
      'must be a number for source HOP_COUNT',
    ],
    [
      'a RESPONSE_TIME property p99',
      withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: 'p99', target: '100' }),
      'request.assertions[0].property',
      'must be avg, min, max or stdDev for source RESPONSE_TIME',
    ],
    nameNotText(bodies),
  ],
  updates: [keepsAbsentFields(bodies, { url: '10.0.0.1', protocol: 'ICMP' }, { ...DEFAULT_REQUEST, url: '10.0.0.1', protocol: 'ICMP' })],
  updateRejects: [
    ['SCTP probes', changed({ request: { url: 'shop.example.com', protocol: 'SCTP' } }), 'request.protocol'],
    ['64 unknown hops', changed({ request: { url: 'shop.example.com', maxUnknownHops: 64 } }), 'request.maxUnknownHops'],
  ],
  roundTrip: withRequest({ protocol: 'ICMP', assertions: [{ source: 'HOP_COUNT', comparison: 'LESS_THAN', target: '12' }] }, { tags: ['t'] }),
  read: withRequest({ maxHops: 12, ptrLookup: false }),
  otherSegments: ['icmp', 'ssl'],
}
