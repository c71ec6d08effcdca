/** Account environment variables (spec 2.8): HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function variableRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
