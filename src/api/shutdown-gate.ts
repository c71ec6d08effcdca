/**
 * While the instance shuts down, new requests get a 503 in the API's usual error body (Fastify's own
 * closing answer has another shape), and every answer, also of a request that was in flight, closes its
 * connection: an idle keep-alive connection would otherwise hold the server's close open until it timed out, and
 * clients and load balancers go elsewhere sooner. The health probes keep answering: readiness reports the
 * shutdown itself.
 */
import type { FastifyInstance } from 'fastify'
import { errorBody, sendError } from './errors.js'

const PROBES = new Set(['/-/liveness', '/-/readiness', '/health'])

export function installShutdownGate(app: FastifyInstance, isShuttingDown: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isShuttingDown() || PROBES.has(request.url.split('?')[0] ?? '')) return
    return sendError(reply, errorBody(503, 'The server is shutting down; retry the request', {}))
  })
  app.addHook('onSend', async (request, reply) => {
    if (isShuttingDown() && request.raw.httpVersionMajor < 2) reply.header('connection', 'close')
  })
}
