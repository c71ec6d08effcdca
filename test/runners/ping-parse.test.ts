import { describe, expect, it } from 'vitest'
import { pingFailure } from '../../src/runners/icmp.js'
import { parsePing } from '../../src/runners/ping-parse.js'

const OK = `PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.
64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.156 ms
64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.045 ms
64 bytes from 127.0.0.1: icmp_seq=3 ttl=64 time=0.038 ms

--- 127.0.0.1 ping statistics ---
3 packets transmitted, 3 received, 0% packet loss, time 1041ms
rtt min/avg/max/mdev = 0.038/0.079/0.156/0.054 ms
`
const PARTIAL = `PING example.com (93.184.216.34) 56(84) bytes of data.
64 bytes from 93.184.216.34: icmp_seq=1 ttl=55 time=12.5 ms
From 10.0.0.1 icmp_seq=2 Destination Host Unreachable
64 bytes from 93.184.216.34: icmp_seq=4 ttl=55 time=13.5 ms
64 bytes from 93.184.216.34: icmp_seq=4 ttl=55 time=13.9 ms (DUP!)

--- example.com ping statistics ---
4 packets transmitted, 2 received, +1 duplicates, +1 errors, 50% packet loss, time 3004ms
rtt min/avg/max/mdev = 12.500/13.000/13.500/0.500 ms, pipe 2
`
const LOST = `PING 192.0.2.1 (192.0.2.1) 56(84) bytes of data.

--- 192.0.2.1 ping statistics ---
2 packets transmitted, 0 received, 100% packet loss, time 1010ms
`
const V6 = `PING ::1(::1) 56 data bytes
64 bytes from ::1: icmp_seq=1 ttl=64 time=0.155 ms

--- ::1 ping statistics ---
1 packets transmitted, 1 received, 0% packet loss, time 0ms
rtt min/avg/max/mdev = 0.155/0.155/0.155/0.000 ms
`

describe('parsePing', () => {
  it('reads replies and the summary', () => {
    const r = parsePing(OK, '127.0.0.1', 'IPv4', 3)
    expect(r).toMatchObject({
      hostname: '127.0.0.1',
      resolvedIp: '127.0.0.1',
      ipFamily: 'IPv4',
      pingCount: 3,
      packetsSent: 3,
      packetsReceived: 3,
      packetSize: 56,
      packetLoss: 0,
      latency: { min: 0.038, avg: 0.079, max: 0.156, stdDev: 0.054 },
    })
    expect(r?.pingResults[1]).toEqual({ sequence: 2, type: 0, code: 0, success: true, rtt: 0.045, ttl: 64 })
  })

  it('records errors, gaps and duplicates', () => {
    const r = parsePing(PARTIAL, 'example.com', 'IPv4', 4)
    expect(r).toMatchObject({ resolvedIp: '93.184.216.34', packetsSent: 4, packetsReceived: 2, packetLoss: 50, latency: { avg: 13 } })
    expect(r?.pingResults.map((p) => p.success)).toEqual([true, false, false, true])
    expect(r?.pingResults[1]).toMatchObject({ type: 3, code: 1 })
    expect(r?.pingResults[2]).toMatchObject({ type: null, code: null })
    expect(r?.pingResults[3]?.rtt).toBe(13.5)
  })

  it('has no latency when everything was lost', () => {
    const r = parsePing(LOST, '192.0.2.1', 'IPv4', 2)
    expect(r).toMatchObject({ packetLoss: 100, packetsReceived: 0, latency: { avg: null, min: null, max: null, stdDev: null } })
    expect(r?.pingResults).toHaveLength(2)
  })

  it('reads IPv6 output', () => {
    expect(parsePing(V6, '::1', 'IPv6', 1)).toMatchObject({ resolvedIp: '::1', packetSize: 56, pingResults: [{ type: 129, success: true }] })
  })

  it('returns null without statistics', () => {
    expect(parsePing('', 'x', 'IPv4', 1)).toBeNull()
  })
})

describe('pingFailure', () => {
  const out = (stderr: string, code?: string) => ({ stdout: '', stderr, spawnError: code ? Object.assign(new Error(code), { code }) : null })
  it.each([
    [out('', 'ENOENT'), 'INTERNAL', /not installed/],
    [out('ping: nx.invalid: Name or service not known'), 'DNS', /Name or service not known/],
    [out('ping: nx.example: Temporary failure in name resolution'), 'DNS', /Temporary failure/],
    [out('ping: connect: Network is unreachable'), 'NETWORK', /unreachable/],
    [out('ping: socket: Operation not permitted'), 'INTERNAL', /Operation not permitted/],
  ])('%#', (o, kind, message) => {
    const f = pingFailure(o, 'ping')
    expect(f.kind).toBe(kind)
    expect(f.message).toMatch(message)
  })
})
