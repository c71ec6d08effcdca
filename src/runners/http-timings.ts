/**
 * Timing phases of an HTTP exchange (the `request` library's phases wait, dns, tcp, firstByte, download, plus tls,
 * redirect and total), contiguous on one monotonic clock so that they add up to `total`:
 *
 *   redirect   from the start to the start of the final request: every earlier hop of a redirect chain
 *   wait       until the final request has a socket
 *   dns        the name lookup (0 for an IP address)
 *   tcp        the TCP connection
 *   tls        the TLS handshake (0 over http)
 *   firstByte  from a ready connection to the first byte of the response, sending the request included
 *   download   the response body
 *
 * `timings` are the same milestones as offsets from the start (redirectEnd, socket, lookup, connect,
 * secureConnect, response, end): each phase is the difference of two consecutive ones and `end` is `total`.
 * Each hop of a redirect chain reports its own phases (without `redirect`) in the exchange's `redirects`.
 */
import { contiguousPhases, type Milestone } from './phases.js'

/** performance.now() values in ms of one hop; a missing one was not reached. */
export interface HttpTimestamps {
  start: number
  socket?: number
  lookup?: number
  connect?: number
  secureConnect?: number
  response?: number
  end?: number
}

export interface HopTiming {
  timestamps: HttpTimestamps
  /** When the hop settled (its last byte, or its error). */
  stoppedAt: number
  secure: boolean
  /** The host is a name, not an IP address, so a DNS lookup takes place. */
  resolvesName: boolean
}

export interface HttpTimingPhases {
  redirect: number
  wait: number
  dns: number
  tcp: number
  tls: number
  firstByte: number
  download: number
  total: number
  [phase: string]: number
}

export interface HttpTimings {
  timingPhases: HttpTimingPhases
  timings: Record<string, number>
}

function hopMilestones(h: HopTiming): Milestone[] {
  const t = h.timestamps
  return [
    { phase: 'wait', mark: 'socket', at: t.socket },
    { phase: 'dns', mark: 'lookup', at: t.lookup, expected: h.resolvesName },
    { phase: 'tcp', mark: 'connect', at: t.connect },
    { phase: 'tls', mark: 'secureConnect', at: t.secureConnect, expected: h.secure },
    { phase: 'firstByte', mark: 'response', at: t.response },
    { phase: 'download', mark: 'end', at: t.end },
  ]
}

const phaseOf =
  (p: Record<string, number>) =>
  (name: string): number =>
    p[name] ?? 0

/** The phases of one hop on its own, from its start. */
export function hopPhases(h: HopTiming): Record<string, number> {
  const at = phaseOf(contiguousPhases(h.timestamps.start, hopMilestones(h), h.stoppedAt).phases)
  return { wait: at('wait'), dns: at('dns'), tcp: at('tcp'), tls: at('tls'), firstByte: at('firstByte'), download: at('download'), total: at('total') }
}

/** The exchange's phases and timings from the run's start: earlier hops are the `redirect` phase. */
export function exchangeTimings(start: number, hops: HopTiming[]): HttpTimings {
  const final = hops.at(-1) ?? { timestamps: { start }, stoppedAt: start, secure: false, resolvesName: false }
  const milestones: Milestone[] = [{ phase: 'redirect', mark: 'redirectEnd', at: final.timestamps.start }, ...hopMilestones(final)]
  const c = contiguousPhases(start, milestones, final.stoppedAt)
  const at = phaseOf(c.phases)
  const timingPhases: HttpTimingPhases = {
    redirect: at('redirect'),
    wait: at('wait'),
    dns: at('dns'),
    tcp: at('tcp'),
    tls: at('tls'),
    firstByte: at('firstByte'),
    download: at('download'),
    total: c.total,
  }
  return { timingPhases, timings: c.marks }
}

/** Phases of a run that never sent a request (a bad URL). */
export const noTimings = (): HttpTimings => exchangeTimings(0, [])
