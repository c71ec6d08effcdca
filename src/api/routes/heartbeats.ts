/** Heartbeat checks: pings, deadlines, events and availability (spec 2.6, semantics section 4): HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function heartbeatRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
