/**
 * The agent's only inbound port (node:http): /-/readiness (200 when the last call to the service succeeded and
 * the agent is not stopping, else 503), /-/liveness (200 while the process runs), /health (JSON summary) and
 * /metrics (Prometheus text).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { renderMetrics, type MetricsSnapshot } from './metrics.js'

export interface HealthState {
  connected(): boolean
  stopping(): boolean
  jobsInFlight(): number
  metrics(): MetricsSnapshot
}

export interface HealthServer {
  port: number
  close(): Promise<void>
}

export function healthHandler(state: HealthState, version: string): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'Method Not Allowed\n')
    switch (path) {
      case '/-/readiness': {
        const ready = state.connected() && !state.stopping()
        return send(ready ? 200 : 503, 'text/plain', ready ? 'ready\n' : state.stopping() ? 'stopping\n' : 'service unreachable\n')
      }
      case '/-/liveness':
        return send(200, 'text/plain', 'alive\n')
      case '/health': {
        const status = state.stopping() ? 'stopping' : state.connected() ? 'ok' : 'disconnected'
        return send(200, 'application/json', JSON.stringify({ status, version, jobsInFlight: state.jobsInFlight(), connected: state.connected() }))
      }
      case '/metrics':
        return send(200, 'text/plain; version=0.0.4; charset=utf-8', renderMetrics(state.metrics()))
      default:
        return send(404, 'text/plain', 'Not Found\n')
    }
  }
}

export async function startHealthServer(port: number, state: HealthState, version: string, host = '0.0.0.0'): Promise<HealthServer> {
  const server = http.createServer(healthHandler(state, version))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
