/**
 * HEARTBEAT checks: a period and grace that pings must keep, with no request and no retries. Their ping tokens and
 * URLs need fresh tokens per run and other checks to collide with, so they are tested in ../heartbeat-ping-tokens.test.ts.
 */
import { randomUUID } from 'node:crypto'
import type { Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase, Reject } from '../check-type-case.js'

export const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }
export const minimalHeartbeat = (extra: Json = {}): Json => ({ name: 'Nightly backup', heartbeat: HOURLY, script: '', ...extra })
export const withHeartbeat = (heartbeat: Json, extra: Json = {}): Json => minimalHeartbeat({ heartbeat: { ...HOURLY, ...heartbeat }, ...extra })
const minimal = minimalHeartbeat
/** Tokens are unique across accounts: each test that names one makes it fresh, so reruns and other tests never collide. */
export const uniqueToken = (label: string) => `${label}_${randomUUID().replace(/-/g, '')}`
const omit = (body: Json, field: string): Json => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field))
const vars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `HB_${i}`, value: String(i) }))

const UNITS_AND_BOUNDS: Json[] = [
  { period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
  { period: 0.5, periodUnit: 'minutes', grace: 0, graceUnit: 'minutes' },
  { period: 365, periodUnit: 'days', grace: 365, graceUnit: 'days' },
  { period: 8760, periodUnit: 'hours', grace: 8760, graceUnit: 'hours' },
  { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'hours' },
]

export const heartbeat: CheckTypeCase = {
  label: 'HEARTBEAT checks',
  segment: 'heartbeat',
  checkType: 'HEARTBEAT',
  minimal: minimal(),
  defaults: {
    matches: {
      name: 'Nightly backup',
      script: '',
      request: {},
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      scriptPath: null,
      sslCheckDomain: null,
      setupSnippetId: null,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: null,
    },
    matchesAt: { heartbeat: HOURLY },
    equals: { request: {} },
    absent: ['retryStrategy'],
  },
  frequencies: {
    accepts: [[10, 55]],
    spreads: [[7, 70]],
    rejectsOffset: [
      ['offset 0', { frequencyOffset: 0 }],
      ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }],
    ],
    rejectsFrequency: [1.5, -1],
  },
  accepts: [
    ...UNITS_AND_BOUNDS.map((hb): Accept => [
      `accepts the period ${String(hb.period)} ${String(hb.periodUnit)} with grace ${String(hb.grace)} ${String(hb.graceUnit)}`,
      minimal({ heartbeat: hb }),
      { matchesAt: { heartbeat: hb } },
    ]),
    ['ignores a FIXED retryStrategy', minimal({ retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 3 } }), { absent: ['retryStrategy'] }],
    ['ignores a retryStrategy of unknown type', minimal({ retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 5 } }), { absent: ['retryStrategy'] }],
    ['returns request as the empty object when it is sent as null', minimal({ request: null }), { equals: { request: {} } }],
    ['returns request as the empty object when one is sent', minimal({ request: { url: 'https://example.com', method: 'GET' } }), { equals: { request: {} } }],
    [
      'returns the given optional fields',
      minimal({
        degradedResponseTime: 0,
        maxResponseTime: 300000,
        frequency: 7,
        tags: ['cron'],
        description: 'Pinged by the backup job',
        muted: true,
        environmentVariables: [{ key: 'JOB', value: 'backup' }],
        request: {},
      }),
      {
        matches: {
          degradedResponseTime: 0,
          maxResponseTime: 300000,
          frequency: 7,
          tags: ['cron'],
          description: 'Pinged by the backup job',
          muted: true,
          environmentVariables: [{ key: 'JOB', value: 'backup', locked: false, secret: false }],
          request: {},
        },
        within: { frequencyOffset: [1, 70] },
      },
    ],
    ['accepts 50 environment variables', minimal({ environmentVariables: vars(50) }), { equals: { 'environmentVariables.length': 50 } }],
  ],
  rejects: [
    ...['name', 'heartbeat', 'script'].map((field): Reject => [`a missing ${field}`, omit(minimal(), field), field, 'is required']),
    ...['period', 'periodUnit', 'grace', 'graceUnit'].map((field): Reject => [
      `a heartbeat without ${field}`,
      minimal({ heartbeat: omit(HOURLY, field) }),
      `heartbeat.${field}`,
      'is required',
    ]),
    ['periodUnit weeks', withHeartbeat({ periodUnit: 'weeks' }), 'heartbeat.periodUnit', 'must be one of: "seconds", "minutes", "hours", "days"'],
    ['periodUnit Hours', withHeartbeat({ periodUnit: 'Hours' }), 'heartbeat.periodUnit', 'must be one of: "seconds", "minutes", "hours", "days"'],
    ['graceUnit months', withHeartbeat({ graceUnit: 'months' }), 'heartbeat.graceUnit', 'must be one of: "seconds", "minutes", "hours", "days"'],
    ['a period of 29 seconds', withHeartbeat({ period: 29, periodUnit: 'seconds' }), 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['a period of 0.4 minutes', withHeartbeat({ period: 0.4, periodUnit: 'minutes' }), 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['period 0', withHeartbeat({ period: 0 }), 'heartbeat.period', 'must be more than 0'],
    ['period -1', withHeartbeat({ period: -1 }), 'heartbeat.period', 'must be more than 0'],
    ['a period of 366 days', withHeartbeat({ period: 366, periodUnit: 'days' }), 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['a period of 8761 hours', withHeartbeat({ period: 8761, periodUnit: 'hours' }), 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['grace -1', withHeartbeat({ grace: -1 }), 'heartbeat.grace', 'must be at least 0'],
    ['a grace of 366 days', withHeartbeat({ grace: 366, graceUnit: 'days' }), 'heartbeat.grace', 'must be at most 365 days'],
    ['period "1"', withHeartbeat({ period: '1' }), 'heartbeat.period', 'must be a number'],
    ['grace "10"', withHeartbeat({ grace: '10' }), 'heartbeat.grace', 'must be a number'],
    ['the pingToken "short"', withHeartbeat({ pingToken: 'short' }), 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['a pingToken of 7 characters', withHeartbeat({ pingToken: 'abcdefg' }), 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['a pingToken of 129 characters', withHeartbeat({ pingToken: 'x'.repeat(129) }), 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['a pingToken with spaces', withHeartbeat({ pingToken: 'has spaces in it' }), 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['a pingToken with slashes', withHeartbeat({ pingToken: 'slash/in/token' }), 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['degradedResponseTime 300001', minimal({ degradedResponseTime: 300001 }), 'degradedResponseTime', 'must be at most 300000'],
    ['maxResponseTime 300001', minimal({ maxResponseTime: 300001 }), 'maxResponseTime', 'must be at most 300000'],
    ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime', 'must be at least 0'],
    ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime', 'must be at least 0'],
    ['environmentVariables with 51 entries', minimal({ environmentVariables: vars(51) }), 'environmentVariables', 'must have at most 50 entries'],
    ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description', 'must be at most 500 characters long'],
    ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
  ],
  updates: [
    [
      'changes the given fields, keeps the absent ones and sets updated_at',
      minimal({ tags: ['nightly'] }),
      [{ put: { name: 'Renamed', maxResponseTime: 250000 }, changes: { name: 'Renamed', maxResponseTime: 250000 } }],
    ],
    [
      'returns request as the empty object when an update sends null',
      minimal({ request: { url: 'https://example.com', method: 'GET' } }),
      [{ put: { request: null }, equals: { request: {} } }],
    ],
    ['ignores retryStrategy on update', minimal(), [{ put: { retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 4 } }, absent: ['retryStrategy'] }]],
  ],
  updateRejects: [
    ['a period of 29 seconds', { heartbeat: { ...HOURLY, period: 29, periodUnit: 'seconds' } }, 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['a period of 366 days', { heartbeat: { ...HOURLY, period: 366, periodUnit: 'days' } }, 'heartbeat.period', 'must be from 30 seconds to 365 days'],
    ['grace -1', { heartbeat: { ...HOURLY, grace: -1 } }, 'heartbeat.grace', 'must be at least 0'],
    ['periodUnit fortnights', { heartbeat: { ...HOURLY, periodUnit: 'fortnights' } }, 'heartbeat.periodUnit', 'must be one of: "seconds", "minutes", "hours", "days"'],
    ['a heartbeat without grace', { heartbeat: { period: 2, periodUnit: 'hours' } }, 'heartbeat.grace', 'is required'],
    ['the pingToken "short"', { heartbeat: { ...HOURLY, pingToken: 'short' } }, 'heartbeat.pingToken', 'Use 8 to 128 letters, digits, dashes and underscores'],
    ['maxResponseTime 300001', { maxResponseTime: 300001 }, 'maxResponseTime', 'must be at most 300000'],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', 'must be at most 500 characters long'],
  ],
  roundTrip: minimal({ tags: ['t'], description: 'Round trip' }),
  read: minimal({ tags: ['hb-read'], heartbeat: { period: 2, periodUnit: 'days', grace: 1, graceUnit: 'hours' } }),
  otherSegments: ['icmp'],
  ghostBody: () => withHeartbeat({ pingToken: uniqueToken('ghost') }),
}
