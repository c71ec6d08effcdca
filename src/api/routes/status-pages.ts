/** Status pages, services, incidents and subscriptions: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function statusPageRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
