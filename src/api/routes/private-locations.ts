/** Private locations and their agent keys: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function privateLocationRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
