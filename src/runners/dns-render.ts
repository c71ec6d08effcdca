/**
 * A decoded DNS response as assertions see it: a JSON answer in the DNS-over-HTTPS JSON
 * shape `{Status, TC, RD, RA, AD, CD, Question[], Answer[{name, type, TTL, data}]}` and a dig-style text answer.
 * `data` is a string: MX "10 host.", SOA space-separated, HTTPS "1 . alpn=\"h2\"".
 */
import type { Answer, DecodedPacket } from 'dns-packet'
import { ownValue } from '../lib/own-keys.js'

export const RCODE_NAMES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED', 'YXDOMAIN', 'YXRRSET', 'NXRRSET', 'NOTAUTH', 'NOTZONE']
export const rcodeName = (code: number): string => RCODE_NAMES[code] ?? `RCODE_${code}`

const TYPE_NUMBERS: Record<string, number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33, OPT: 41, SVCB: 64, HTTPS: 65, CAA: 257 }
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPE_NUMBERS).map(([k, v]) => [v, k])) as Record<number, string>

/** dns-packet names types it does not know UNKNOWN_<n>; HTTPS (65) is one of them. */
export const wireTypeName = (type: string): string => {
  const number = ownValue(TYPE_NUMBERS, type)
  return number !== undefined && !['HTTPS', 'SVCB'].includes(type) ? type : `UNKNOWN_${number ?? 0}`
}
/** The type names come from checks and answers: only the table's own keys count (`constructor` is no type). */
export const typeNumber = (type: string): number => ownValue(TYPE_NUMBERS, type) ?? (Number(/^UNKNOWN_(\d+)$/.exec(type)?.[1]) || 0)
export const typeName = (type: string): string => TYPE_NAMES[typeNumber(type)] ?? type

const fqdn = (name: string): string => (name === '' || name === '.' ? '.' : name.endsWith('.') ? name : `${name}.`)

const ipv6 = (b: Buffer): string => {
  const groups: string[] = []
  for (let i = 0; i < 16; i += 2) groups.push(b.readUInt16BE(i).toString(16))
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1)
}

const SVC_KEYS = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint']

function svcParam(key: number, v: Buffer): string {
  const name = SVC_KEYS[key] ?? `key${key}`
  const chunks = (size: number) => Array.from({ length: Math.floor(v.length / size) }, (_, i) => v.subarray(i * size, (i + 1) * size))
  switch (key) {
    case 0:
      return `${name}=${chunks(2)
        .map((c) => SVC_KEYS[c.readUInt16BE(0)] ?? `key${c.readUInt16BE(0)}`)
        .join(',')}`
    case 1: {
      const ids: string[] = []
      for (let i = 0; i < v.length; i += 1 + (v[i] ?? 0)) ids.push(v.subarray(i + 1, i + 1 + (v[i] ?? 0)).toString('latin1'))
      return `${name}="${ids.join(',')}"`
    }
    case 2:
      return name
    case 3:
      return `${name}=${v.length >= 2 ? v.readUInt16BE(0) : ''}`
    case 4:
      return `${name}=${chunks(4)
        .map((c) => [...c].join('.'))
        .join(',')}`
    case 5:
      return `${name}=${v.toString('base64')}`
    case 6:
      return `${name}=${chunks(16).map(ipv6).join(',')}`
    default:
      return `${name}=${v.toString('hex')}`
  }
}

/** SVCB/HTTPS RDATA (RFC 9460) in presentation form: priority, target, parameters. */
export function renderSvcb(rdata: Buffer): string {
  if (rdata.length < 3) return rdata.toString('hex')
  const priority = rdata.readUInt16BE(0)
  const labels: string[] = []
  let i = 2
  while (i < rdata.length && rdata[i] !== 0) {
    const len = rdata[i] as number
    labels.push(rdata.subarray(i + 1, i + 1 + len).toString('latin1'))
    i += 1 + len
  }
  i += 1
  const params: string[] = []
  while (i + 4 <= rdata.length) {
    const key = rdata.readUInt16BE(i)
    const len = rdata.readUInt16BE(i + 2)
    params.push(svcParam(key, rdata.subarray(i + 4, i + 4 + len)))
    i += 4 + len
  }
  return [String(priority), labels.length === 0 ? '.' : fqdn(labels.join('.')), ...params].join(' ')
}

const txtText = (data: unknown): string[] => (Array.isArray(data) ? data : [data]).map((d) => (Buffer.isBuffer(d) ? d.toString('utf8') : String(d)))

/** The record's data as one string. */
export function recordData(a: Answer): string {
  const data: unknown = (a as { data?: unknown }).data
  switch (typeName(a.type)) {
    case 'A':
    case 'AAAA':
      return String(data)
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return fqdn(String(data))
    case 'MX': {
      const mx = data as { preference?: number; exchange: string }
      return `${mx.preference ?? 0} ${fqdn(mx.exchange)}`
    }
    case 'TXT':
      return txtText(data).join('')
    case 'SOA': {
      const s = data as { mname: string; rname: string; serial?: number; refresh?: number; retry?: number; expire?: number; minimum?: number }
      return [fqdn(s.mname), fqdn(s.rname), s.serial, s.refresh, s.retry, s.expire, s.minimum].map((v) => String(v ?? 0)).join(' ')
    }
    case 'HTTPS':
    case 'SVCB':
      return Buffer.isBuffer(data) ? renderSvcb(data) : String(data)
    default:
      return Buffer.isBuffer(data) ? data.toString('hex') : typeof data === 'object' ? JSON.stringify(data) : String(data)
  }
}

const rcodeOf = (p: DecodedPacket): number => (p.flags ?? 0) & 0xf
const records = (list: Answer[] | undefined) => (list ?? []).filter((a) => a.type !== 'OPT')

export interface DnsJson {
  Status: number
  TC: boolean
  RD: boolean
  RA: boolean
  AD: boolean
  CD: boolean
  Question: Array<{ name: string; type: number }>
  Answer: Array<{ name: string; type: number; TTL: number; data: string }>
  Authority?: Array<{ name: string; type: number; TTL: number; data: string }>
}

const jsonRecord = (a: Answer) => ({ name: fqdn(a.name), type: typeNumber(a.type), TTL: (a as { ttl?: number }).ttl ?? 0, data: recordData(a) })

export function dnsJson(p: DecodedPacket): DnsJson {
  const authority = records(p.authorities).map(jsonRecord)
  return {
    Status: rcodeOf(p),
    TC: p.flag_tc,
    RD: p.flag_rd,
    RA: p.flag_ra,
    AD: p.flag_ad,
    CD: p.flag_cd,
    Question: (p.questions ?? []).map((q) => ({ name: fqdn(q.name), type: typeNumber(q.type) })),
    Answer: records(p.answers).map(jsonRecord),
    ...(authority.length > 0 ? { Authority: authority } : {}),
  }
}

const line = (a: Answer): string => {
  const r = jsonRecord(a)
  const data =
    typeName(a.type) === 'TXT'
      ? txtText((a as { data?: unknown }).data)
          .map((t) => JSON.stringify(t))
          .join(' ')
      : r.data
  return `${r.name}\t${r.TTL}\tIN\t${typeName(a.type)}\t${data}`
}

/** The response as dig prints it: header, flags and the question, answer and authority sections. */
export function dnsText(p: DecodedPacket): string {
  const flags = (['qr', 'aa', 'tc', 'rd', 'ra', 'ad', 'cd'] as const).filter((f) => p[`flag_${f}`]).join(' ')
  const answers = records(p.answers)
  const authority = records(p.authorities)
  const out = [
    `;; ->>HEADER<<- opcode: QUERY, status: ${rcodeName(rcodeOf(p))}, id: ${p.id ?? 0}`,
    `;; flags: ${flags}; QUERY: ${p.questions?.length ?? 0}, ANSWER: ${answers.length}, AUTHORITY: ${authority.length}, ADDITIONAL: ${records(p.additionals).length}`,
    '',
    ';; QUESTION SECTION:',
    ...(p.questions ?? []).map((q) => `;${fqdn(q.name)}\t\tIN\t${typeName(q.type)}`),
  ]
  if (answers.length > 0) out.push('', ';; ANSWER SECTION:', ...answers.map(line))
  if (authority.length > 0) out.push('', ';; AUTHORITY SECTION:', ...authority.map(line))
  return out.join('\n')
}

export const rcodeNumberOf = rcodeOf
