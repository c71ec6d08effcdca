/** How `picket test` and `picket trigger` print a run: the figure of each location, by the check's type. */
import { describe, expect, it } from 'vitest'
import { formatSessions, type SessionResult } from '../../src/cli/code/run-sessions.js'

const result = (extra: Partial<SessionResult>): SessionResult => ({
  runLocation: 'us-east-1',
  status: 'passing',
  responseTime: 0,
  errorKind: null,
  error: null,
  attempts: 1,
  resultType: 'FINAL',
  ...extra,
})
const icmp = (latency: { avg: number; min: number; max: number } | null, packetLoss: number): Partial<SessionResult> => ({
  responseTime: latency?.avg ?? 0,
  icmpCheckResult: { response: { packetLoss, latency: latency ?? { min: null, avg: null, max: null } } },
})

describe('formatSessions', () => {
  it.each<[string, string, Partial<SessionResult>, string]>([
    ['an API check in whole milliseconds', 'API', { responseTime: 141.6 }, 'us-east-1 142 ms'],
    ['a slow one in seconds', 'BROWSER', { responseTime: 2400 }, 'us-east-1 2.4 s'],
    [
      'a ping to a near host in fractions of a millisecond',
      'ICMP',
      icmp({ avg: 0.039, min: 0.027, max: 0.066 }, 0),
      'us-east-1 avg 0.039 ms (min 0.027, max 0.066), 0% packet loss',
    ],
    ['a ping across the world', 'ICMP', icmp({ avg: 182.44, min: 180.1, max: 190.87 }, 20), 'us-east-1 avg 182 ms (min 180, max 191), 20% packet loss'],
    ['a ping in a few milliseconds', 'ICMP', icmp({ avg: 4.567, min: 3.21, max: 12.34 }, 0), 'us-east-1 avg 4.57 ms (min 3.21, max 12.3), 0% packet loss'],
    ['a ping that lost every packet', 'ICMP', { ...icmp(null, 100), status: 'failing' }, 'us-east-1 100% packet loss'],
    ['a ping that failed before it ran', 'ICMP', { status: 'failing', errorKind: 'DNS', error: 'DNS lookup failed' }, 'us-east-1 0 ms'],
  ])('%s', (_name, checkType, extra, figure) => {
    const passed = extra.status !== 'failing'
    const text = formatSessions([{ checkSessionId: 's', checkId: 'c', name: 'Ping', checkType, status: passed ? 'PASSED' : 'FAILED', timeElapsed: 1, results: [result(extra)] }])
    expect(text.split('\n')[0]).toBe(`${passed ? '✔' : '✖'} Ping  ${passed ? 'PASSED' : 'FAILED'}  ${figure}`)
  })
})
