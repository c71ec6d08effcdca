/** Which timing is a check type's headline figure, and how it is named. */

/** The timing base whose P95 the overview shows (none for heartbeats). */
export const PRIMARY_TIMING: Record<string, string> = {
  API: 'responseTime',
  URL: 'responseTime',
  TCP: 'total',
  DNS: 'total',
  GRPC: 'total',
  ICMP: 'latencyAvg',
  SSL: 'handshakeTimeMs',
  TRACEROUTE: 'responseTime',
  AGENTIC: 'total',
  BROWSER: 'responseTime',
  MULTI_STEP: 'responseTime',
  PLAYWRIGHT: 'responseTime',
}

/** How the overview names that timing's P95. */
export const PRIMARY_LABEL: Record<string, string> = { TCP: 'Total time', ICMP: 'Average latency', SSL: 'TLS handshake', TRACEROUTE: 'Final hop latency', AGENTIC: 'Run time' }
