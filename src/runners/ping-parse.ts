/** Parses the output of iputils `ping -n` into the ICMP monitor's JSON response. Pure. */

export interface PingResult {
  sequence: number
  type: number | null
  code: number | null
  success: boolean
  rtt: number | null
  ttl: number | null
}

export interface Latency {
  avg: number | null
  min: number | null
  max: number | null
  stdDev: number | null
}

export interface PingReport {
  hostname: string
  resolvedIp: string | null
  ipFamily: 'IPv4' | 'IPv6'
  pingCount: number
  packetsSent: number
  packetsReceived: number
  packetSize: number | null
  /** Percent, 0–100. */
  packetLoss: number
  latency: Latency
  pingResults: PingResult[]
}

const HEADER = /^PING\s+(\S+?)\s*\(([^()\s]+)\)\s+(\d+)/m
const REPLY = /icmp_seq=(\d+)\s+ttl=(\d+)\s+time=([\d.]+)\s*ms/
const FROM_ERROR = /^From\s+\S+?:?\s+icmp_seq=(\d+)\s+(.+)$/
const SUMMARY = /(\d+)\s+packets transmitted,\s+(\d+)\s+received(?:,\s+\+\d+\s+duplicates)?(?:,\s+\+\d+\s+errors)?,\s+([\d.]+)%\s+packet loss/
const RTT = /=\s*([\d.]+)\/([\d.]+)\/([\d.]+)\/([\d.]+)\s*ms/

/** ICMP type and code of an error line ("Destination Host Unreachable" …), per address family. */
function icmpError(message: string, v6: boolean): { type: number | null; code: number | null } {
  const m = message.toLowerCase()
  if (m.includes('time to live exceeded') || m.includes('time exceeded')) return { type: v6 ? 3 : 11, code: 0 }
  if (!m.includes('unreachable')) return { type: null, code: null }
  const codes: Array<[string, number, number]> = [
    ['net', 0, 0],
    ['no route', 0, 0],
    ['host', 1, 3],
    ['address', 1, 3],
    ['protocol', 2, 4],
    ['port', 3, 4],
  ]
  const hit = codes.find(([word]) => m.includes(word))
  return { type: v6 ? 1 : 3, code: hit ? (v6 ? hit[2] : hit[1]) : null }
}

const number = (s: string | undefined): number | null => (s === undefined ? null : Number(s))

/** The report, or null when the output has no statistics (ping failed before sending). */
export function parsePing(output: string, hostname: string, ipFamily: 'IPv4' | 'IPv6', pingCount: number): PingReport | null {
  const summary = SUMMARY.exec(output)
  if (!summary) return null
  const v6 = ipFamily === 'IPv6'
  const header = HEADER.exec(output)
  const bySeq = new Map<number, PingResult>()
  for (const line of output.split('\n')) {
    const reply = REPLY.exec(line)
    if (reply) {
      const sequence = Number(reply[1])
      if (!bySeq.get(sequence)?.success) {
        bySeq.set(sequence, { sequence, type: v6 ? 129 : 0, code: 0, success: true, rtt: Number(reply[3]), ttl: Number(reply[2]) })
      }
      continue
    }
    const error = FROM_ERROR.exec(line.trim())
    if (error && !bySeq.has(Number(error[1]))) {
      const sequence = Number(error[1])
      bySeq.set(sequence, { sequence, ...icmpError(error[2] as string, v6), success: false, rtt: null, ttl: null })
    }
  }
  const packetsSent = Number(summary[1])
  const pingResults: PingResult[] = []
  for (let seq = 1; seq <= Math.max(packetsSent, ...bySeq.keys()); seq++) {
    pingResults.push(bySeq.get(seq) ?? { sequence: seq, type: null, code: null, success: false, rtt: null, ttl: null })
  }
  const rtt = RTT.exec(output.slice(summary.index))
  return {
    hostname,
    resolvedIp: header ? (header[2] as string) : null,
    ipFamily,
    pingCount,
    packetsSent,
    packetsReceived: Number(summary[2]),
    packetSize: header ? Number(header[3]) : null,
    packetLoss: Number(summary[3]),
    latency: { min: number(rtt?.[1]), avg: number(rtt?.[2]), max: number(rtt?.[3]), stdDev: number(rtt?.[4]) },
    pingResults,
  }
}
