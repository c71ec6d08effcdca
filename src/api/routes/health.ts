/** Health probes: liveness always answers; readiness is 503 while shutting down or when the store is down. */
import type { FastifyInstance } from 'fastify'

export interface HealthDeps {
  isShuttingDown: () => boolean
  storeReady: () => Promise<boolean>
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  const hide = { hide: false, tags: ['health'] }
  app.get('/-/liveness', { schema: { ...hide, summary: 'Liveness probe' } }, async () => ({ status: 'ok' }))
  app.get('/health', { schema: { ...hide, summary: 'Health' } }, async (_req, reply) => {
    const ok = await deps.storeReady()
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'store unavailable' })
  })
  app.get('/-/readiness', { schema: { ...hide, summary: 'Readiness probe (503 while shutting down)' } }, async (_req, reply) => {
    if (deps.isShuttingDown()) return reply.code(503).send({ status: 'shutting down' })
    const ok = await deps.storeReady()
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'store unavailable' })
  })
}
