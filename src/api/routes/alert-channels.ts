/** Alert channels and their subscriptions: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function alertChannelRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
