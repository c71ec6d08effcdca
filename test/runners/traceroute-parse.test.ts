/** The traceroute parser against outputs of the Linux traceroute 2.1 (captured on loopback and through namespaces). */
import { describe, expect, it } from 'vitest'
import { latencyOf, parseProbes, parseTraceroute, reachedBy, trailingUnknownHops } from '../../src/runners/traceroute-parse.js'

const LOOPBACK_NUMERIC = `traceroute to 127.0.0.1 (127.0.0.1), 5 hops max, 60 byte packets
 1  127.0.0.1  0.125 ms  0.006 ms  0.005 ms
`
const LOOPBACK_NAMED = `traceroute to localhost (127.0.0.1), 3 hops max, 60 byte packets
 1  localhost (127.0.0.1)  0.067 ms  0.007 ms
`
const TWO_HOPS_NAMED = `traceroute to 10.66.2.2 (10.66.2.2), 5 hops max, 60 byte packets
 1  10.66.1.2 (10.66.1.2)  0.220 ms  0.006 ms  0.004 ms
 2  10.66.2.2 (10.66.2.2)  0.061 ms  0.039 ms  0.039 ms
`
const SILENT_FIRST_HOP = `traceroute to 10.66.2.2 (10.66.2.2), 5 hops max, 60 byte packets
 1  * * *
 2  10.66.2.2  0.025 ms  0.009 ms  0.008 ms
`
const UNREACHABLE = `traceroute to 10.66.9.9 (10.66.9.9), 4 hops max, 60 byte packets
 1  192.0.2.1  0.545 ms  0.389 ms  0.365 ms
 2  21.4.8.137  0.346 ms !N  0.326 ms !N *
`
const IPV6 = `traceroute to ::1 (::1), 3 hops max, 80 byte packets
 1  ::1  0.094 ms  0.004 ms  0.004 ms
`
const SEVERAL_HOSTS = `traceroute to example.com (93.184.215.14), 30 hops max, 60 byte packets
 1  _gateway (192.168.1.1)  1.412 ms  1.380 ms  1.369 ms
 2  10.20.0.1 (10.20.0.1)  8.101 ms 10.20.0.5 (10.20.0.5)  9.220 ms *
 3  * * *
`

describe('parseTraceroute', () => {
  it.each([
    ['loopback, numeric', LOOPBACK_NUMERIC, '127.0.0.1', [{ hop: 1, address: '127.0.0.1', name: null, rtts: [0.125, 0.006, 0.005], packetLoss: 0 }]],
    ['loopback, names', LOOPBACK_NAMED, '127.0.0.1', [{ hop: 1, address: '127.0.0.1', name: 'localhost', rtts: [0.067, 0.007], packetLoss: 0 }]],
    [
      'two hops through a router namespace',
      TWO_HOPS_NAMED,
      '10.66.2.2',
      [
        { hop: 1, address: '10.66.1.2', name: null, rtts: [0.22, 0.006, 0.004] },
        { hop: 2, address: '10.66.2.2', name: null, rtts: [0.061, 0.039, 0.039] },
      ],
    ],
    [
      'a hop that does not answer',
      SILENT_FIRST_HOP,
      '10.66.2.2',
      [
        { hop: 1, address: null, name: null, rtts: [], packetLoss: 100 },
        { hop: 2, address: '10.66.2.2', rtts: [0.025, 0.009, 0.008], packetLoss: 0 },
      ],
    ],
    [
      'network unreachable annotations',
      UNREACHABLE,
      '10.66.9.9',
      [
        { hop: 1, address: '192.0.2.1', packetLoss: 0 },
        { hop: 2, address: '21.4.8.137', rtts: [0.346, 0.326], packetLoss: 33.333 },
      ],
    ],
    ['IPv6 loopback', IPV6, '::1', [{ hop: 1, address: '::1', rtts: [0.094, 0.004, 0.004] }]],
    [
      'several hosts answering one hop',
      SEVERAL_HOSTS,
      '93.184.215.14',
      [
        { hop: 1, address: '192.168.1.1', name: '_gateway' },
        { hop: 2, address: '10.20.0.1', rtts: [8.101, 9.22], packetLoss: 33.333 },
        { hop: 3, address: null, packetLoss: 100 },
      ],
    ],
  ])('%s', (_label, output, resolvedIp, hops) => {
    const report = parseTraceroute(output)
    expect(report?.resolvedIp).toBe(resolvedIp)
    expect(report?.hops).toHaveLength(hops.length)
    hops.forEach((hop, i) => expect(report?.hops[i]).toMatchObject(hop))
  })

  it('keeps each probe with its own host and annotation', () => {
    expect(parseProbes('10.20.0.1 (10.20.0.1)  8.101 ms 10.20.0.5 (10.20.0.5)  9.220 ms *')).toEqual([
      { address: '10.20.0.1', name: null, rtt: 8.101 },
      { address: '10.20.0.5', name: null, rtt: 9.22 },
      { address: null, name: null, rtt: null },
    ])
    expect(parseProbes('21.4.8.137  0.346 ms !N  0.326 ms !N *')[0]).toEqual({ address: '21.4.8.137', name: null, rtt: 0.346, annotation: '!N' })
  })

  it('reads no report from an error message', () => {
    expect(parseTraceroute('nonexistent.invalid: Name or service not known\nCannot handle "host" cmdline arg `nonexistent.invalid\' on position 1 (argc 1)\n')).toBeNull()
  })

  it('tells whether the destination answered and counts the silent hops at the end', () => {
    const unreachable = parseTraceroute(SEVERAL_HOSTS)
    expect(unreachable?.hops.some((h) => reachedBy(h, unreachable.resolvedIp))).toBe(false)
    expect(trailingUnknownHops(unreachable?.hops ?? [])).toBe(1)
    const reached = parseTraceroute(SILENT_FIRST_HOP)
    expect(reachedBy(reached?.hops[1], '10.66.2.2')).toBe(true)
    expect(trailingUnknownHops(reached?.hops ?? [])).toBe(0)
  })

  it('summarises latency', () => {
    expect(latencyOf([1, 2, 3])).toEqual({ avg: 2, min: 1, max: 3, stdDev: 0.816 })
    expect(latencyOf([])).toEqual({ avg: null, min: null, max: null, stdDev: null })
  })
})
