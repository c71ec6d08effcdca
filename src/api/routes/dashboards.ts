/** Dashboards (spec 2.13): HTTP routes. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'

export async function dashboardRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
