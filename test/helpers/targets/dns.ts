/**
 * A local authoritative DNS server for the zone example.test, on 127.0.0.1 over UDP and TCP (same port), built with
 * dns-packet. Answers A, AAAA, CNAME (www), MX, TXT, SOA, NS and HTTPS; servfail.example.test gets SERVFAIL;
 * unknown names NXDOMAIN with the SOA in the authority section.
 */
import dgram from 'node:dgram'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import * as dnsPacket from 'dns-packet'

export const ZONE = 'example.test'
const SOA = { mname: `ns1.${ZONE}`, rname: `hostmaster.${ZONE}`, serial: 2024010101, refresh: 3600, retry: 600, expire: 86400, minimum: 300 }

/** HTTPS RDATA: priority 1, target ".", alpn=h2,h3, ipv4hint=192.0.2.10 (RFC 9460 wire form). */
function httpsRdata(): Buffer {
  const alpn = Buffer.from([2, ...Buffer.from('h2'), 2, ...Buffer.from('h3')])
  const param = (key: number, value: Buffer) => Buffer.concat([Buffer.from([key >> 8, key & 0xff, value.length >> 8, value.length & 0xff]), value])
  return Buffer.concat([Buffer.from([0, 1, 0]), param(1, alpn), param(4, Buffer.from([192, 0, 2, 10]))])
}

type Rec = { type: string; data: unknown }
const RECORDS: Record<string, Rec[]> = {
  [ZONE]: [
    { type: 'A', data: '192.0.2.10' },
    { type: 'A', data: '192.0.2.11' },
    { type: 'AAAA', data: '2001:db8::10' },
    { type: 'MX', data: { preference: 10, exchange: `mail.${ZONE}` } },
    { type: 'TXT', data: ['v=spf1 -all'] },
    { type: 'SOA', data: SOA },
    { type: 'NS', data: `ns1.${ZONE}` },
    { type: 'NS', data: `ns2.${ZONE}` },
    { type: 'UNKNOWN_65', data: httpsRdata() },
  ],
  [`www.${ZONE}`]: [{ type: 'CNAME', data: ZONE }],
}

const answer = (name: string, r: Rec) => ({ name, type: r.type, class: 'IN', ttl: 300, data: r.data }) as dnsPacket.Answer

/** The response to one query packet. */
export function respond(query: dnsPacket.DecodedPacket): Buffer {
  const q = query.questions?.[0]
  const name = (q?.name ?? '').toLowerCase().replace(/\.$/, '')
  const type = q?.type ?? 'A'
  let rcode = 0
  const answers: dnsPacket.Answer[] = []
  const authorities: dnsPacket.Answer[] = []
  if (name === `servfail.${ZONE}`) rcode = 2
  else if (!RECORDS[name]) {
    rcode = 3
    authorities.push(answer(ZONE, { type: 'SOA', data: SOA }))
  } else {
    const cname = RECORDS[name]?.find((r) => r.type === 'CNAME')
    const owner = cname && type !== 'CNAME' ? String(cname.data) : name
    if (cname) answers.push(answer(name, cname))
    for (const r of RECORDS[owner] ?? []) if (r.type === type && r.type !== 'CNAME') answers.push(answer(owner, r))
    if (answers.length === 0) authorities.push(answer(ZONE, { type: 'SOA', data: SOA }))
  }
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode
  return dnsPacket.encode({ type: 'response', id: query.id ?? 0, flags, questions: query.questions ?? [], answers, authorities })
}

export interface DnsTarget {
  port: number
  /** Queries answered, per transport. */
  queries: { udp: number; tcp: number }
  close(): Promise<void>
}

/** Binds TCP on a free port and a new UDP socket on the same port, retrying when the UDP port is taken. */
async function bindBoth(tcp: net.Server, onMessage: (udp: dgram.Socket, msg: Buffer, rinfo: dgram.RemoteInfo) => void) {
  for (let attempt = 0; ; attempt++) {
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
    const port = (tcp.address() as AddressInfo).port
    const udp = dgram.createSocket('udp4')
    udp.on('message', (msg, rinfo) => onMessage(udp, msg, rinfo))
    const ok = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false))
      udp.bind(port, '127.0.0.1', () => resolve(true))
    })
    if (ok) return { port, udp }
    udp.close()
    await new Promise<void>((resolve) => tcp.close(() => resolve()))
    if (attempt > 20) throw new Error('could not bind UDP and TCP on one port')
  }
}

export async function startDnsTarget(): Promise<DnsTarget> {
  const queries = { udp: 0, tcp: 0 }
  const sockets = new Set<net.Socket>()
  const tcp = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let buf = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk])
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const len = buf.readUInt16BE(0)
        const reply = respond(dnsPacket.decode(buf.subarray(2, 2 + len)))
        buf = buf.subarray(2 + len)
        queries.tcp++
        const prefix = Buffer.alloc(2)
        prefix.writeUInt16BE(reply.length)
        socket.write(Buffer.concat([prefix, reply]))
      }
    })
  })
  const { port, udp } = await bindBoth(tcp, (socket, msg, rinfo) => {
    queries.udp++
    socket.send(respond(dnsPacket.decode(msg)), rinfo.port, rinfo.address)
  })
  return {
    port,
    queries,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => tcp.close(() => resolve()))
      await new Promise<void>((resolve) => udp.close(() => resolve()))
    },
  }
}
