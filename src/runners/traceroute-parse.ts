/**
 * Reads the output of the system `traceroute` (Linux "modern traceroute"): the header's resolved address, then one
 * line per hop with, per probe, the answering host (name and address, or the address alone with -n), its round-trip
 * time and any annotation (!H, !N, !X …), or `*` for a probe that got no answer. Pure.
 */

export interface TracerouteProbe {
  address: string | null
  name: string | null
  rtt: number | null
  /** An ICMP annotation such as !H (host unreachable), !N (network unreachable), !X (prohibited). */
  annotation?: string
}

export interface LatencyStats {
  avg: number | null
  min: number | null
  max: number | null
  stdDev: number | null
}

export interface TracerouteHop {
  hop: number
  /** The first host that answered at this distance; null when none did. */
  address: string | null
  name: string | null
  probes: TracerouteProbe[]
  /** Round-trip times of the probes that were answered, in ms. */
  rtts: number[]
  /** Share of probes without an answer, in percent. */
  packetLoss: number
  latency: LatencyStats
}

export interface TracerouteReport {
  hostname: string
  resolvedIp: string | null
  hops: TracerouteHop[]
}

const HEADER = /^traceroute(?:6)? to (\S+) \(([^)]+)\)/

const round3 = (n: number): number => Math.round(n * 1000) / 1000

export function latencyOf(rtts: readonly number[]): LatencyStats {
  if (rtts.length === 0) return { avg: null, min: null, max: null, stdDev: null }
  const avg = rtts.reduce((a, b) => a + b, 0) / rtts.length
  const variance = rtts.reduce((a, b) => a + (b - avg) ** 2, 0) / rtts.length
  return { avg: round3(avg), min: Math.min(...rtts), max: Math.max(...rtts), stdDev: round3(Math.sqrt(variance)) }
}

/** The probes of one hop line's text after its number. */
export function parseProbes(text: string): TracerouteProbe[] {
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
  const probes: TracerouteProbe[] = []
  let name: string | null = null
  let address: string | null = null
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string
    if (token === '*') {
      probes.push({ address: null, name: null, rtt: null })
    } else if (token.startsWith('!')) {
      const last = probes[probes.length - 1]
      if (last) last.annotation = token
    } else if (/^\(.+\)$/.test(token)) {
      address = token.slice(1, -1)
    } else if (/^\d+(\.\d+)?$/.test(token) && tokens[i + 1] === 'ms') {
      probes.push({ address, name: name === address ? null : name, rtt: Number(token) })
      i++
    } else {
      // A host: its name followed by "(address)", or its address alone (-n).
      name = token
      address = token
    }
  }
  return probes
}

function hopOf(hop: number, probes: TracerouteProbe[]): TracerouteHop {
  const answered = probes.filter((p) => p.rtt !== null)
  const first = probes.find((p) => p.address !== null)
  const rtts = answered.map((p) => p.rtt as number)
  const packetLoss = probes.length === 0 ? 100 : round3(((probes.length - answered.length) / probes.length) * 100)
  return { hop, address: first?.address ?? null, name: first?.name ?? null, probes, rtts, packetLoss, latency: latencyOf(rtts) }
}

/** The report of a traceroute's standard output; null when it holds no header (traceroute did not start). */
export function parseTraceroute(stdout: string): TracerouteReport | null {
  const lines = stdout.split('\n')
  const headerAt = lines.findIndex((l) => HEADER.test(l))
  if (headerAt < 0) return null
  const header = HEADER.exec(lines[headerAt] as string) as RegExpExecArray
  const hops: TracerouteHop[] = []
  for (const line of lines.slice(headerAt + 1)) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line)
    if (!m) continue
    hops.push(hopOf(Number(m[1]), parseProbes(m[2] as string)))
  }
  return { hostname: header[1] as string, resolvedIp: header[2] as string, hops }
}

/** True when the hop's probes were answered by the destination itself. */
export const reachedBy = (hop: TracerouteHop | undefined, destination: string | null): boolean =>
  hop !== undefined && destination !== null && hop.probes.some((p) => p.address === destination && p.rtt !== null)

/** Hops at the end of the report without any answer, counted backwards. */
export function trailingUnknownHops(hops: readonly TracerouteHop[]): number {
  let n = 0
  for (let i = hops.length - 1; i >= 0 && (hops[i] as TracerouteHop).address === null; i--) n++
  return n
}
