/** Maintenance windows: HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function maintenanceWindowRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
