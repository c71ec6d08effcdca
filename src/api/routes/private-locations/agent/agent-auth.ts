/**
 * Authentication of `/agent/v1/*`: only a private location's `pl_` key is accepted there, checked on
 * every request (a revoked key is refused at once); account API keys and console sessions get 401. Every request
 * names its agent (X-Picket-Agent) and version (X-Picket-Agent-Version), recorded as the agent's lastSeen.
 */
import type { FastifyInstance } from 'fastify'
import type { AgentCaller } from '../../../../services/private-locations/agent-jobs.js'
import type { AgentPresenceService } from '../../../../services/private-locations/agent-presence.js'
import { bearerToken } from '../../../auth.js'
import { errorBody, sendError } from '../../../errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent of a `/agent/v1` request (set by its auth hook). */
    agent: AgentCaller | null
  }
}

const AGENT_ID = /^[A-Za-z0-9._-]{1,100}$/

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim() || undefined

export function installAgentAuth(app: FastifyInstance, presence: AgentPresenceService): void {
  app.decorateRequest('agent', null)
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request)
    if (!token) return sendError(reply, errorBody(401, 'Missing or malformed Authorization header: expected "Bearer <private location key>"'))
    const agentId = header(request.headers['x-picket-agent'])
    if (!agentId || !AGENT_ID.test(agentId))
      return sendError(reply, errorBody(400, 'Missing or invalid X-Picket-Agent header: the agent id (a UUID) is required', { 'X-Picket-Agent': 'is required' }))
    const version = (header(request.headers['x-picket-agent-version']) ?? 'unknown').slice(0, 50)
    const caller = await presence.authenticate(token, { agentId, version })
    if (!caller) return sendError(reply, errorBody(401, 'Bad token: the private location key is invalid or revoked'))
    request.agent = caller
  })
}
