/** One DNS query over UDP or TCP (RFC 1035 4.2.2: a 2-byte length prefix) with dns-packet. Never throws. */
import dgram from 'node:dgram'
import { randomInt } from 'node:crypto'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import * as dnsPacket from 'dns-packet'
import { mapNetworkError, type NetFailure } from './net-errors.js'
import { wireTypeName } from './dns-render.js'

export interface DnsServer {
  host: string
  port: number
}

export type DnsQueryOutcome = { ok: true; packet: dnsPacket.DecodedPacket; bytes: number; elapsed: number } | { ok: false; error: NetFailure; elapsed: number }

export const formatServer = (s: DnsServer): string => (net.isIPv6(s.host) ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`)

/** A recursive query for `name`/`type` (HTTPS, unknown to dns-packet by name, goes as type 65). */
export function encodeQuery(name: string, type: string, id: number): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: wireTypeName(type) as dnsPacket.RecordType, name: name.replace(/\.$/, ''), class: 'IN' }],
  })
}

type Transport = (server: DnsServer, query: Buffer, id: number, done: (err: unknown, reply?: Buffer) => void) => () => void

const udp: Transport = (server, query, id, done) => {
  const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4')
  socket.on('error', (err) => done(err))
  socket.on('message', (msg) => {
    if (msg.length >= 2 && msg.readUInt16BE(0) === id) done(null, msg)
  })
  // A connected socket hears ICMP port-unreachable as ECONNREFUSED instead of waiting for the timeout.
  socket.connect(server.port, server.host, () => socket.send(query, (err) => err && done(err)))
  return () => {
    try {
      socket.close()
    } catch {
      // already closed after an error
    }
  }
}

const tcp: Transport = (server, query, _id, done) => {
  const socket = net.connect({ host: server.host, port: server.port })
  let buffer = Buffer.alloc(0)
  socket.on('connect', () => {
    const prefix = Buffer.alloc(2)
    prefix.writeUInt16BE(query.length)
    socket.write(Buffer.concat([prefix, query]))
  })
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    if (buffer.length >= 2 && buffer.length >= 2 + buffer.readUInt16BE(0)) done(null, buffer.subarray(2, 2 + buffer.readUInt16BE(0)))
  })
  socket.on('end', () => done(new Error('the name server closed the TCP connection before answering')))
  socket.on('error', (err) => done(err))
  return () => socket.destroy()
}

/** Sends one query and waits up to `timeoutMs` for the matching reply. */
export function dnsQuery(server: DnsServer, name: string, type: string, protocol: 'UDP' | 'TCP', timeoutMs: number): Promise<DnsQueryOutcome> {
  return new Promise((resolve) => {
    const id = randomInt(0, 65536)
    const query = encodeQuery(name, type, id)
    const start = performance.now()
    let settled = false
    let cleanup = () => {}
    const settle = (outcome: DnsQueryOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      cleanup()
      resolve(outcome)
    }
    const elapsed = () => Math.round((performance.now() - start) * 100) / 100
    const timer = setTimeout(() => {
      const message = `DNS query to ${formatServer(server)} over ${protocol} timed out after ${timeoutMs} ms`
      settle({ ok: false, error: { kind: 'TIMEOUT', message, code: 'TIMEOUT', networkError: false }, elapsed: elapsed() })
    }, timeoutMs)
    cleanup = (protocol === 'TCP' ? tcp : udp)(server, query, id, (err, reply) => {
      const took = elapsed()
      if (err || !reply) {
        settle({ ok: false, error: mapNetworkError(err), elapsed: took })
        return
      }
      try {
        settle({ ok: true, packet: dnsPacket.decode(reply), bytes: reply.length, elapsed: took })
      } catch (e) {
        const message = `Malformed DNS response from ${formatServer(server)}: ${(e as Error).message}`
        settle({ ok: false, error: { kind: 'NETWORK', message, code: 'EBADRESP', networkError: false }, elapsed: took })
      }
    })
  })
}
