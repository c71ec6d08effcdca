import { describe, expect, it } from 'vitest'
import { evaluateAssertion, evaluateAssertions, evaluateJsonPath, parseAssertions, type Assertion, type AssertionSubject } from '../../src/domain/assertions/index.js'

const a = (source: string, comparison: string, target = '', property = '', regex: string | null = null): Assertion => ({
  source,
  comparison,
  target,
  property,
  regex,
})

const doc = { name: 'picket', version: 3, tags: ['a', 'b'], items: [{ price: 10 }, { price: 20 }], nothing: null, empty: [] }

const http: AssertionSubject = {
  kind: 'http',
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-version': 'build-42', 'set-cookie': ['a=1', 'b=2'] },
  body: JSON.stringify(doc),
  responseTime: 123.4,
}
const textHttp: AssertionSubject = { ...http, body: 'hello picket, version=1.2.3' }
const tcp: AssertionSubject = { kind: 'tcp', data: 'SSH-2.0-OpenSSH_9.6\r\n', responseTime: 12 }
const dns: AssertionSubject = {
  kind: 'dns',
  rcode: 'NOERROR',
  rcodeNumber: 0,
  responseTime: 4,
  text: 'example.test.\t300\tIN\tA\t192.0.2.10',
  json: {
    Status: 0,
    Answer: [
      { name: 'example.test.', type: 1, TTL: 300, data: '192.0.2.10' },
      { name: 'example.test.', type: 1, TTL: 300, data: '192.0.2.11' },
    ],
  },
}
const icmp: AssertionSubject = {
  kind: 'icmp',
  latency: { avg: 0.5, min: 0.2, max: 0.9, stdDev: 0.1 },
  json: { packetLoss: 0, packetsReceived: 3, pingResults: [{ success: true }, { success: true }] },
}

type Row = [name: string, subject: AssertionSubject, assertion: Assertion, passed: boolean, actual?: unknown]

const rows: Row[] = [
  ['STATUS_CODE equals', http, a('STATUS_CODE', 'EQUALS', '201'), true, 201],
  ['STATUS_CODE less than', http, a('STATUS_CODE', 'LESS_THAN', '300'), true],
  ['RESPONSE_TIME less than', http, a('RESPONSE_TIME', 'LESS_THAN', '1000'), true, 123.4],
  ['LATENCY alias for API', http, a('LATENCY', 'GREATER_THAN', '100'), true],
  ['HEADERS case-insensitive name', http, a('HEADERS', 'CONTAINS', 'json', 'Content-Type'), true],
  ['HEADERS regex first group', http, a('HEADERS', 'EQUALS', '42', 'X-Version', 'build-(\\d+)'), true, '42'],
  ['HEADERS missing header is null', http, a('HEADERS', 'IS_NULL', '', 'X-Missing'), true],
  ['HEADERS multi-value joined', http, a('HEADERS', 'EQUALS', 'a=1, b=2', 'set-cookie'), true],
  ['HEADERS without property: HAS_KEY', http, a('HEADERS', 'HAS_KEY', 'x-version'), true],
  ['TEXT_BODY whole body', textHttp, a('TEXT_BODY', 'CONTAINS', 'picket'), true],
  ['TEXT_BODY regex capture', textHttp, a('TEXT_BODY', 'EQUALS', '1.2.3', 'version=([\\d.]+)'), true, '1.2.3'],
  ['TEXT_BODY regex without group', textHttp, a('TEXT_BODY', 'EQUALS', 'hello', 'h\\w+'), true],
  ['TEXT_BODY regex no match is null', textHttp, a('TEXT_BODY', 'IS_NULL', '', 'nomatch(\\d)'), true],
  ['JSON_BODY member', http, a('JSON_BODY', 'EQUALS', 'picket', '$.name'), true, 'picket'],
  ['JSON_BODY number', http, a('JSON_BODY', 'GREATER_THAN', '2', '$.version'), true],
  ['JSON_BODY every match must pass', http, a('JSON_BODY', 'GREATER_THAN', '5', '$.items[*].price'), true, [10, 20]],
  ['JSON_BODY one match fails', http, a('JSON_BODY', 'GREATER_THAN', '15', '$.items[*].price'), false],
  ['JSON_BODY .length', http, a('JSON_BODY', 'EQUALS', '2', '$.tags.length'), true, 2],
  ['JSON_BODY array CONTAINS', http, a('JSON_BODY', 'CONTAINS', 'b', '$.tags'), true],
  ['JSON_BODY no match IS_NULL', http, a('JSON_BODY', 'IS_NULL', '', '$.missing'), true],
  ['JSON_BODY null NOT_NULL fails', http, a('JSON_BODY', 'NOT_NULL', '', '$.nothing'), false],
  ['JSON_BODY empty array', http, a('JSON_BODY', 'IS_EMPTY', '', '$.empty'), true],
  ['JSON_BODY filter', http, a('JSON_BODY', 'EQUALS', '20', '$.items[?@.price > 15].price'), true],
  ['JSON_BODY whole document HAS_KEY', http, a('JSON_BODY', 'HAS_KEY', 'tags'), true],
  ['TCP RESPONSE_DATA contains', tcp, a('RESPONSE_DATA', 'CONTAINS', 'OpenSSH'), true],
  ['TCP RESPONSE_DATA regex', tcp, a('RESPONSE_DATA', 'EQUALS', '9.6', 'OpenSSH_([\\d.]+)'), true],
  ['TCP RESPONSE_TIME', tcp, a('RESPONSE_TIME', 'LESS_THAN', '100'), true],
  ['DNS RESPONSE_CODE name', dns, a('RESPONSE_CODE', 'EQUALS', 'NOERROR'), true, 'NOERROR'],
  ['DNS RESPONSE_CODE number', dns, a('RESPONSE_CODE', 'EQUALS', '0'), true, 0],
  ['DNS RESPONSE_CODE not NXDOMAIN', dns, a('RESPONSE_CODE', 'NOT_EQUALS', 'NXDOMAIN'), true],
  ['DNS TEXT_ANSWER regex', dns, a('TEXT_ANSWER', 'EQUALS', '300', 'IN\\s*A', null), false],
  ['DNS TEXT_ANSWER capture', dns, a('TEXT_ANSWER', 'EQUALS', '192.0.2.10', 'A\\t([\\d.]+)'), true],
  ['DNS JSON_ANSWER data', dns, a('JSON_ANSWER', 'EQUALS', '192.0.2.10', '$.Answer[0].data'), true],
  ['DNS JSON_ANSWER every data', dns, a('JSON_ANSWER', 'CONTAINS', '192.0.2.', '$.Answer[*].data'), true],
  ['DNS JSON_ANSWER count', dns, a('JSON_ANSWER', 'EQUALS', '2', '$.Answer.length'), true],
  ['ICMP LATENCY avg', icmp, a('LATENCY', 'LESS_THAN', '1', 'avg'), true, 0.5],
  ['ICMP LATENCY max', icmp, a('LATENCY', 'GREATER_THAN', '0.8', 'max'), true],
  ['ICMP LATENCY default avg', icmp, a('LATENCY', 'EQUALS', '0.5'), true],
  ['ICMP JSON_RESPONSE', icmp, a('JSON_RESPONSE', 'EQUALS', '0', '$.packetLoss'), true],
  ['ICMP JSON_RESPONSE every result', icmp, a('JSON_RESPONSE', 'EQUALS', 'true', '$.pingResults[*].success'), true],
]

describe('evaluateAssertion', () => {
  it.each(rows)('%s', (_name, subject, assertion, passed, actual) => {
    const r = evaluateAssertion(subject, assertion)
    expect(r.passed, JSON.stringify(r)).toBe(passed)
    if (actual !== undefined) expect(r.actual).toEqual(actual)
  })

  it('fails JSON_BODY on a non-JSON body with a clear error', () => {
    const r = evaluateAssertion({ ...http, body: '<html>oops</html>' }, a('JSON_BODY', 'NOT_NULL', '', '$.a'))
    expect(r.passed).toBe(false)
    expect(r.error).toMatch(/response body is not valid JSON/)
  })

  it('fails an invalid JSONPath and an invalid regex with errors', () => {
    expect(evaluateAssertion(http, a('JSON_BODY', 'EQUALS', 'x', '$.[')).error).toMatch(/invalid JSONPath/)
    expect(evaluateAssertion(textHttp, a('TEXT_BODY', 'EQUALS', 'x', '(')).error).toMatch(/invalid regular expression/)
    expect(evaluateAssertion(http, a('JSON_BODY', 'EQUALS', 'x', 'name')).error).toMatch(/must start with \$/)
  })

  it('rejects a source the check type does not have', () => {
    const r = evaluateAssertion(tcp, a('JSON_BODY', 'EQUALS', 'x', '$.a'))
    expect(r).toMatchObject({ passed: false, error: 'source JSON_BODY is not supported for TCP checks' })
    expect(evaluateAssertion(icmp, a('LATENCY', 'EQUALS', '1', 'median')).error).toMatch(/avg, min, max or stdDev/)
  })

  it('bounds long actual values', () => {
    const r = evaluateAssertion({ ...textHttp, body: 'x'.repeat(5000) }, a('TEXT_BODY', 'EQUALS', 'y'))
    expect(typeof r.actual === 'string' && r.actual.length).toBeLessThan(1100)
  })

  it('evaluates a list in order', () => {
    const results = evaluateAssertions(http, [a('STATUS_CODE', 'EQUALS', '201'), a('STATUS_CODE', 'EQUALS', '200')])
    expect(results.map((r) => r.passed)).toEqual([true, false])
  })
})

describe('evaluateJsonPath', () => {
  it('prefers a real "length" member over the .length extension', () => {
    expect(evaluateJsonPath({ a: { length: 'member' } }, '$.a.length')).toEqual({ ok: true, matches: ['member'] })
    expect(evaluateJsonPath({ s: 'abcd' }, '$.s.length')).toEqual({ ok: true, matches: [4] })
  })
})

describe('parseAssertions', () => {
  it('fills defaults and stringifies targets', () => {
    expect(parseAssertions([{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 }, null, 'x'])).toEqual([
      { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', property: '', regex: null },
    ])
    expect(parseAssertions(undefined)).toEqual([])
  })
})
