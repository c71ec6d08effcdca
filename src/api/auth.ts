/** Spec section 5: every /v1 and /v2 request carries a bearer API key and the X-Service-Account header. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AccountService } from '../services/accounts.js'
import { errorBody, sendError } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string
  }
  interface FastifyContextConfig {
    /** The route takes no API key (e.g. status badges embedded in READMEs); it is still rate-limited by address. */
    public?: boolean
  }
}

export const isApiPath = (url: string): boolean => url.startsWith('/v1/') || url.startsWith('/v2/') || url === '/v1' || url === '/v2'

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match?.[1]
}

const accountHeader = (request: FastifyRequest): string | undefined => {
  const raw = request.headers['x-service-account']
  const value = Array.isArray(raw) ? raw[0] : raw
  return value?.trim() || undefined
}

export function installAuth(app: FastifyInstance, accounts: AccountService): void {
  app.decorateRequest('accountId', '')
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || request.routeOptions.config.public === true) return
    const token = bearerToken(request)
    if (!token) return sendError(reply, errorBody(401, 'Missing or malformed Authorization header: expected "Bearer <API key>"'))
    const account = accountHeader(request)
    if (!account) return sendError(reply, errorBody(401, 'Missing X-Service-Account header: the account id is required'))
    const accountId = await accounts.authenticate(token, account)
    if (!accountId) return sendError(reply, errorBody(401, 'Bad token: the API key is invalid, revoked, or not valid for this account'))
    request.accountId = accountId
  })
}
