/** Alert notification log: what was sent to which channel, with its outcome: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function alertNotificationRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
