import { describe, expect, it } from 'vitest'
import type { AssertionResult } from '../../src/domain/assertions/index.js'
import { classifyRun, type Classification, type ClassifyInput } from '../../src/domain/results/classify.js'

const assertion = (source: string, passed: boolean): AssertionResult => ({
  source,
  comparison: 'EQUALS',
  property: '',
  target: '200',
  regex: null,
  actual: passed ? 200 : 500,
  passed,
})
const base = (over: Partial<ClassifyInput>): ClassifyInput => ({
  mode: 'http',
  assertions: [],
  responseTime: 100,
  degradedResponseTime: 500,
  maxResponseTime: 1000,
  ...over,
})

type Row = [name: string, input: ClassifyInput, expected: Partial<Classification>]

const rows: Row[] = [
  ['plain pass', base({ httpStatus: 200 }), { status: 'passing', hasFailures: false, errorKind: null, isDegraded: false }],
  ['degraded over degradedResponseTime', base({ httpStatus: 200, responseTime: 600 }), { status: 'degraded', isDegraded: true, hasFailures: false }],
  ['at the degraded limit is not degraded', base({ httpStatus: 200, responseTime: 500 }), { status: 'passing' }],
  [
    'failing over maxResponseTime',
    base({ httpStatus: 200, responseTime: 1500 }),
    { status: 'failing', errorKind: 'OVER_MAX_RESPONSE_TIME', overMaxResponseTime: true, isDegraded: false },
  ],
  ['no limits set', base({ httpStatus: 200, responseTime: 99999, degradedResponseTime: null, maxResponseTime: null }), { status: 'passing' }],
  [
    'HTTP 500 fails with STATUS',
    base({ httpStatus: 500, httpStatusText: 'Internal Server Error' }),
    { status: 'failing', errorKind: 'STATUS', errorMessage: 'HTTP status 500 Internal Server Error' },
  ],
  ['HTTP 404 fails with STATUS', base({ httpStatus: 404 }), { errorKind: 'STATUS' }],
  ['HTTP 399 passes', base({ httpStatus: 399 }), { status: 'passing' }],
  ['HTTP 500 with a passing STATUS_CODE assertion passes', base({ httpStatus: 500, assertions: [assertion('STATUS_CODE', true)] }), { status: 'passing' }],
  ['HTTP 500 with a failing STATUS_CODE assertion fails on the assertion', base({ httpStatus: 500, assertions: [assertion('STATUS_CODE', false)] }), { errorKind: 'ASSERTION' }],
  ['shouldFail: 500 passes', base({ httpStatus: 500, shouldFail: true }), { status: 'passing' }],
  ['shouldFail: 200 still passes', base({ httpStatus: 200, shouldFail: true }), { status: 'passing' }],
  ['shouldFail: assertions still fail', base({ httpStatus: 404, shouldFail: true, assertions: [assertion('JSON_BODY', false)] }), { status: 'failing', errorKind: 'ASSERTION' }],
  [
    'shouldFail: a network error still fails',
    base({ shouldFail: true, error: { kind: 'NETWORK', message: 'refused', networkError: true } }),
    { status: 'failing', errorKind: 'NETWORK', networkError: true },
  ],
  [
    'failed assertion',
    base({ httpStatus: 200, assertions: [assertion('JSON_BODY', true), assertion('TEXT_BODY', false)] }),
    { status: 'failing', errorKind: 'ASSERTION', hasFailures: true },
  ],
  ['failed assertion beats degraded', base({ httpStatus: 200, responseTime: 600, assertions: [assertion('TEXT_BODY', false)] }), { status: 'failing', isDegraded: false }],
  [
    'timeout',
    base({ error: { kind: 'TIMEOUT', message: 'Request timed out after 30000 ms' } }),
    { status: 'failing', errorKind: 'TIMEOUT', networkError: false, hasErrors: false },
  ],
  ['internal error sets hasErrors', base({ error: { kind: 'INTERNAL', message: 'bug' } }), { status: 'failing', errorKind: 'INTERNAL', hasErrors: true }],
  ['setup script', base({ error: { kind: 'SETUP_SCRIPT', message: 'boom' } }), { status: 'failing', errorKind: 'SETUP_SCRIPT' }],
  [
    'teardown failure alone fails',
    base({ httpStatus: 200, teardownError: 'boom' }),
    { status: 'failing', errorKind: 'TEARDOWN_SCRIPT', errorMessage: 'Teardown script failed: boom' },
  ],
  [
    'teardown failure with a failed assertion: assertion decides the kind',
    base({ httpStatus: 200, teardownError: 'boom', assertions: [assertion('TEXT_BODY', false)] }),
    { errorKind: 'ASSERTION' },
  ],
  [
    'STATUS before ASSERTION and over max',
    base({ httpStatus: 503, responseTime: 2000, assertions: [assertion('TEXT_BODY', false)] }),
    { errorKind: 'STATUS', overMaxResponseTime: true },
  ],
  [
    'TCP refused fails',
    base({ mode: 'tcp', error: { kind: 'NETWORK', message: 'ECONNREFUSED', networkError: true } }),
    { status: 'failing', errorKind: 'NETWORK', networkError: true },
  ],
  [
    'TCP shouldFail: refused passes',
    base({ mode: 'tcp', shouldFail: true, error: { kind: 'NETWORK', message: 'ECONNREFUSED', networkError: true } }),
    { status: 'passing', errorKind: null },
  ],
  ['TCP shouldFail: timeout passes', base({ mode: 'tcp', shouldFail: true, error: { kind: 'TIMEOUT', message: 't' } }), { status: 'passing' }],
  ['TCP shouldFail: DNS failure still fails', base({ mode: 'tcp', shouldFail: true, error: { kind: 'DNS', message: 'd' } }), { status: 'failing', errorKind: 'DNS' }],
  ['TCP ignores HTTP status rules', base({ mode: 'tcp', httpStatus: 500 }), { status: 'passing' }],
  ['DNS NXDOMAIN fails', base({ mode: 'dns', dnsRcode: 'NXDOMAIN' }), { status: 'failing', errorKind: 'DNS', errorMessage: 'DNS response code NXDOMAIN' }],
  ['DNS NXDOMAIN with a RESPONSE_CODE assertion passes', base({ mode: 'dns', dnsRcode: 'NXDOMAIN', assertions: [assertion('RESPONSE_CODE', true)] }), { status: 'passing' }],
  ['DNS degraded', base({ mode: 'dns', dnsRcode: 'NOERROR', responseTime: 700 }), { status: 'degraded' }],
  [
    'ICMP loss above max fails',
    base({ mode: 'icmp', packetLoss: 50, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 }),
    { status: 'failing', errorKind: 'PACKET_LOSS' },
  ],
  ['ICMP loss above degraded', base({ mode: 'icmp', packetLoss: 15, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 }), { status: 'degraded', isDegraded: true }],
  ['ICMP loss at the max is only degraded', base({ mode: 'icmp', packetLoss: 20, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 }), { status: 'degraded' }],
  [
    'ICMP ignores response time limits',
    base({ mode: 'icmp', packetLoss: 0, responseTime: 5000, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 }),
    { status: 'passing', overMaxResponseTime: false },
  ],
]

describe('classifyRun', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(classifyRun(input)).toMatchObject(expected)
  })

  it('names the first failed assertion and counts the rest', () => {
    const c = classifyRun(base({ httpStatus: 200, assertions: [assertion('TEXT_BODY', false), assertion('JSON_BODY', false)] }))
    expect(c.errorMessage).toBe('Assertion failed: TEXT_BODY EQUALS "200" (actual: 500) (and 1 more)')
  })

  it('joins several reasons in the message', () => {
    const c = classifyRun(base({ httpStatus: 500, responseTime: 2000 }))
    expect(c.errorMessage).toBe('HTTP status 500; Response time 2000 ms is over the maximum of 1000 ms')
  })
})
