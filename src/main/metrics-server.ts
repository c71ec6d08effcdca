/**
 * GET /metrics on a port of its own (METRICS_PORT), for operators who keep it off the public API port: a bare
 * node:http server with the same text and the same token rule as the API's route. Port 0 takes any free port.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorBody } from '../api/errors.js'
import { UNAUTHORIZED_MESSAGE, type MetricsEndpoint } from '../metrics/endpoint.js'

export interface MetricsServer {
  port: number
  close(): Promise<void>
}

const sendJson = (res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(errorBody(status, message)))
}

export function startMetricsServer(options: { port: number; host?: string; endpoint: MetricsEndpoint }): Promise<MetricsServer> {
  const { endpoint } = options
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/metrics') return sendJson(res, 404, `Route ${req.method ?? 'GET'} ${path?.slice(0, 100) ?? ''} not found`)
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, 'Only GET /metrics is served here', { allow: 'GET, HEAD' })
    if (!endpoint.allows(req.headers.authorization)) return sendJson(res, 401, UNAUTHORIZED_MESSAGE, { 'www-authenticate': 'Bearer realm="metrics"' })
    endpoint.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': endpoint.contentType })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      () => sendJson(res, 500, 'Internal server error'),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeIdleConnections()
          }),
      })
    })
  })
}
