/** Runtimes, locations and source addresses: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function referenceDataRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
