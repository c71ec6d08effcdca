/**
 * Per-phase timings of one HTTP exchange, from socket events (the `request` library's phases: wait, dns, tcp,
 * firstByte, download, plus tls and total). Timestamps are performance.now() values in ms.
 */

export interface HttpTimestamps {
  start: number
  socket?: number
  lookup?: number
  connect?: number
  secureConnect?: number
  /** The request (headers and body) was handed to the socket. */
  sent?: number
  response?: number
  end?: number
}

export interface HttpTimingPhases {
  wait: number
  dns: number
  tcp: number
  tls: number
  firstByte: number
  download: number
  total: number
  [phase: string]: number
}

const round = (ms: number): number => Math.max(0, Math.round(ms * 100) / 100)

/** Phase durations; phases that never happened (an error, an IP literal without lookup) are 0. */
export function phasesFrom(t: HttpTimestamps, stoppedAt: number): HttpTimingPhases {
  const socket = t.socket ?? stoppedAt
  const lookup = t.lookup ?? socket
  const connect = t.connect ?? lookup
  const connected = t.secureConnect ?? connect
  const requestDone = Math.max(t.sent ?? connected, connected)
  const end = t.end ?? stoppedAt
  return {
    wait: round(socket - t.start),
    dns: t.lookup !== undefined ? round(lookup - socket) : 0,
    tcp: t.connect !== undefined ? round(connect - lookup) : 0,
    tls: t.secureConnect !== undefined ? round(t.secureConnect - connect) : 0,
    firstByte: t.response !== undefined ? round(t.response - requestDone) : 0,
    download: t.response !== undefined ? round(end - t.response) : 0,
    total: round(end - t.start),
  }
}
