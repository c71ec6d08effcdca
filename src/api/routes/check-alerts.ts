/** Check alerts (spec 2.10): HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function checkAlertRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
