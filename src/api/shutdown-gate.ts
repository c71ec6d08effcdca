/**
 * While the instance shuts down, new requests get a 503 in the error body of spec section 7 (Fastify's own
 * closing answer has another shape) and the connection closes, so clients and load balancers go elsewhere.
 * The health probes keep answering: readiness reports the shutdown itself.
 */
import type { FastifyInstance } from 'fastify'
import { errorBody, sendError } from './errors.js'

const PROBES = new Set(['/-/liveness', '/-/readiness', '/health'])

export function installShutdownGate(app: FastifyInstance, isShuttingDown: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isShuttingDown() || PROBES.has(request.url.split('?')[0] ?? '')) return
    reply.header('connection', 'close')
    return sendError(reply, errorBody(503, 'The server is shutting down; retry the request', {}))
  })
}
