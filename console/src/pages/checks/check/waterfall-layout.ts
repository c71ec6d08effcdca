/**
 * The timing waterfall of a result (pure): the phases in the order they happen, each starting where the previous
 * one ended, as offsets and widths in percent of the total. Phases of 0 ms stay in the list (a DNS lookup that did
 * not happen reads as 0 ms) but take no width.
 */

export interface WaterfallRow {
  phase: string
  label: string
  start: number
  duration: number
  /** Percent of the total where the bar starts, and its width (at least a hairline when the phase took time). */
  left: number
  width: number
}

const ORDER: Array<[string, string]> = [
  ['redirect', 'Redirects'],
  ['wait', 'Wait (socket)'],
  ['dns', 'DNS lookup'],
  ['tcp', 'TCP connect'],
  ['connection', 'Connection'],
  ['tls', 'TLS handshake'],
  ['handshake', 'TLS handshake'],
  ['reflection', 'Server reflection'],
  ['firstResponse', 'First response'],
  ['firstByte', 'Time to first byte'],
  ['data', 'Data'],
  ['download', 'Download'],
]
const KNOWN = new Set(ORDER.map(([k]) => k))
/** Keys that are not sequential phases (totals, ICMP latency statistics). */
const NOT_PHASES = new Set(['total', 'latencyAvg', 'latencyMin', 'latencyMax', 'latencyStdDev'])

export function waterfallLayout(phases: Record<string, unknown>): { rows: WaterfallRow[]; total: number } {
  const value = (k: string): number | null => (typeof phases[k] === 'number' && Number.isFinite(phases[k]) && (phases[k] as number) >= 0 ? (phases[k] as number) : null)
  const names: Array<[string, string]> = [
    ...ORDER.filter(([k]) => value(k) !== null),
    ...Object.keys(phases)
      .filter((k) => !KNOWN.has(k) && !NOT_PHASES.has(k) && value(k) !== null)
      .map((k): [string, string] => [k, k]),
  ]
  // The redirect phase is shown only when there was one.
  const used = names.filter(([k]) => k !== 'redirect' || (value(k) ?? 0) > 0)
  const sum = used.reduce((acc, [k]) => acc + (value(k) ?? 0), 0)
  const total = Math.max(value('total') ?? 0, sum)
  let start = 0
  const rows = used.map(([phase, label]) => {
    const duration = value(phase) ?? 0
    const row: WaterfallRow = {
      phase,
      label,
      start,
      duration,
      left: total > 0 ? (start / total) * 100 : 0,
      width: total > 0 ? Math.max(duration > 0 ? 0.5 : 0, (duration / total) * 100) : 0,
    }
    start += duration
    return row
  })
  return { rows, total }
}

/** ICMP: one bar per echo request, as a share of the slowest reply (lost packets have no time). */
export function pingBars(pings: Array<{ rtt?: number | null; sequence?: number }>): Array<{ label: string; time: number | null; width: number }> {
  const times = pings.map((p) => (typeof p.rtt === 'number' && Number.isFinite(p.rtt) ? p.rtt : null))
  const max = Math.max(0, ...times.filter((t): t is number => t !== null))
  return pings.map((p, i) => {
    const t = times[i] ?? null
    return { label: `#${p.sequence ?? i + 1}`, time: t, width: t !== null && max > 0 ? (t / max) * 100 : 0 }
  })
}
