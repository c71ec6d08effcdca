/** Check groups (spec 2.7): HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function checkGroupRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
