/** The bodies an API check refuses, on create and on update, with the field each error names. */
import { envVars, type Json } from '../../../helpers/check-contract.js'
import type { Reject } from '../check-type-case.js'

const minimal = (extra: Json = {}): Json => ({ name: 'API check', request: { url: 'https://example.com' }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { url: 'https://example.com', ...request }, ...extra })
const withAssertion = (assertion: Json): Json => withRequest({ assertions: [assertion] })
const changed = (body: Json): Json => ({ name: 'Changed', ...body })

export const API_REJECTS: Reject[] = [
  ['a missing name', { request: { url: 'https://example.com' } }, 'name', 'is required'],
  ['an empty name', minimal({ name: '' }), 'name', 'must not be empty'],
  ['a missing request', { name: 'x' }, 'request', 'is required'],
  ['a null request', { name: 'x', request: null }, 'request', 'must be an object'],
  ['a missing request.url', { name: 'x', request: {} }, 'request.url', 'is required'],
  ['an empty request.url', withRequest({ url: '' }), 'request.url', 'must not be empty'],
  ['a request.url without scheme', withRequest({ url: 'example.com' }), 'request.url', 'must start with http:// or https://'],
  ['a request.url with scheme ftp', withRequest({ url: 'ftp://example.com' }), 'request.url', 'must start with http:// or https://'],
  ['a request.url that is not a URL', withRequest({ url: 'https://' }), 'request.url', 'must be a valid URL'],
  [
    'a request.url of 2049 characters',
    withRequest({ url: `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}` }),
    'request.url',
    'must be at most 2048 characters long',
  ],
  ['method FOO', withRequest({ method: 'FOO' }), 'request.method', 'must be one of'],
  ['a lower-case method', withRequest({ method: 'get' }), 'request.method', 'must be one of'],
  ['bodyType XML', withRequest({ bodyType: 'XML' }), 'request.bodyType', 'must be one of: "NONE", "JSON", "FORM", "RAW", "GRAPHQL"'],
  ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily', 'must be one of: "IPv4", "IPv6"'],
  ['followRedirects "yes"', withRequest({ followRedirects: 'yes' }), 'request.followRedirects', 'must be true or false'],
  ['a header without key', withRequest({ headers: [{ value: 'v' }] }), 'request.headers[0].key', 'is required'],
  ['a query parameter with a numeric value', withRequest({ queryParameters: [{ key: 'k', value: 1 }] }), 'request.queryParameters[0].value', 'must be text'],
  ['basicAuth without password', withRequest({ basicAuth: { username: 'u' } }), 'request.basicAuth.password', 'is required'],
  ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source', 'must be one of'],
  ['assertion comparison FOO', withAssertion({ source: 'TEXT_BODY', comparison: 'FOO', target: '1' }), 'request.assertions[0].comparison', 'must be one of'],
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
  [
    'a STATUS_CODE with comparison CONTAINS',
    withAssertion({ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '200' }),
    'request.assertions[0].comparison',
    'must be EQUALS, NOT_EQUALS, LESS_THAN or GREATER_THAN for source STATUS_CODE',
  ],
  [
    'a RESPONSE_TIME target "fast"',
    withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'fast' }),
    'request.assertions[0].target',
    'must be a number for source RESPONSE_TIME',
  ],
  [
    'a JSON_BODY property without $',
    withAssertion({ source: 'JSON_BODY', property: 'data.id', comparison: 'EQUALS', target: '1' }),
    'request.assertions[0].property',
    'must be a JSONPath starting with $',
  ],
  [
    'a TEXT_BODY property that is not a regex',
    withAssertion({ source: 'TEXT_BODY', property: '(unclosed', comparison: 'EQUALS', target: 'x' }),
    'request.assertions[0].property',
    'must be a valid regular expression',
  ],
  [
    'a JSON_BODY EQUALS without target',
    withAssertion({ source: 'JSON_BODY', property: '$.id', comparison: 'EQUALS' }),
    'request.assertions[0].target',
    'is required for comparison EQUALS',
  ],
  [
    'a TEXT_BODY CONTAINS with an empty target',
    withAssertion({ source: 'TEXT_BODY', comparison: 'CONTAINS', target: '' }),
    'request.assertions[0].target',
    'is required for comparison CONTAINS',
  ],
  [
    'a HEADERS assertion without property',
    withAssertion({ source: 'HEADERS', comparison: 'EQUALS', target: 'x' }),
    'request.assertions[0].property',
    'must name a header for source HEADERS',
  ],
  [
    'a bad second assertion',
    withRequest({
      assertions: [
        { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
        { source: 'STATUS_CODE', comparison: 'EQUALS', target: 'x' },
      ],
    }),
    'request.assertions[1].target',
    'must be a number for source STATUS_CODE',
  ],
  ['location mars', minimal({ locations: ['mars'] }), 'locations[0]', 'must be one of'],
  ['runtimeId 2021.01', minimal({ runtimeId: '2021.01' }), 'runtimeId', 'must be one of'],
  ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
  ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
  ['degradedResponseTime 30001', minimal({ degradedResponseTime: 30001 }), 'degradedResponseTime', 'must be at most 30000'],
  ['degradedResponseTime "fast"', minimal({ degradedResponseTime: 'fast' }), 'degradedResponseTime', 'must be a number'],
  ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime', 'must be at least 0'],
  ['maxResponseTime 30001', minimal({ maxResponseTime: 30001 }), 'maxResponseTime', 'must be at most 30000'],
  ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
  ['name 5', minimal({ name: 5 }), 'name', 'must be text'],
  ['activated "yes"', minimal({ activated: 'yes' }), 'activated', 'must be true or false'],
  ['muted 1', minimal({ muted: 1 }), 'muted', 'must be true or false'],
  ['tags "x"', minimal({ tags: 'x' }), 'tags', 'must be a list'],
  ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables', 'must have at most 50 entries'],
  ['a retryStrategy of unknown type', minimal({ retryStrategy: { type: 'SOMETIMES' } }), 'retryStrategy.type', 'must be one of'],
  ['groupId 0', minimal({ groupId: 0 }), 'groupId', 'must be at least 1'],
  ['the groupId of a group that does not exist', minimal({ groupId: 987654 }), 'groupId', 'check group 987654 does not exist'],
  ['a body that is an array', [minimal()], 'body', 'must be an object'],
  [
    'several fields, naming every offending one at once',
    { name: 5, description: 'd'.repeat(501), frequency: 7, request: { url: 'https://example.com', method: 'FOO' } },
    ['name', 'description', 'frequency', 'request.method'],
  ],
]

export const API_UPDATE_REJECTS: Reject[] = [
  ['frequency 7', changed({ frequency: 7 }), 'frequency', 'must be one of'],
  ['a URL without scheme', changed({ request: { url: 'example.com' } }), 'request.url', 'must start with http:// or https://'],
  ['a request without url', changed({ request: { method: 'GET' } }), 'request.url', 'is required'],
  ['method FOO', changed({ request: { url: 'https://example.com', method: 'FOO' } }), 'request.method', 'must be one of'],
  ['degradedResponseTime 30001', changed({ degradedResponseTime: 30001 }), 'degradedResponseTime', 'must be at most 30000'],
  ['a description of 501 characters', changed({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
  ['name 5', changed({ name: 5 }), 'name', 'must be text'],
  ['location mars', changed({ locations: ['mars'] }), 'locations[0]', 'must be one of'],
  [
    'a STATUS_CODE target "abc"',
    changed({ request: { url: 'https://example.com', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }] } }),
    'request.assertions[0].target',
    'must be a number for source STATUS_CODE',
  ],
]
