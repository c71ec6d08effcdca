/**
 * Authentication: every /v1, /v2 and /next request is made either with a bearer API key or with the console's
 * session cookie, and names its account in X-Service-Account (or its alias X-Checkly-Account, the header the
 * reference's own clients send, so that they work unchanged; both sent with different values is refused). A key acts for its account with its user's current
 * role (operator keys: OWNER); a cookie acts for an account its user is a member of, with their role there, and its
 * changes must carry the session's CSRF token and come from this service's origin. When both are sent the key
 * wins. Then the role must allow the route (domain/users/roles.ts), or the answer is 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AccountService } from '../services/accounts/accounts.js'
import type { LoginService } from '../services/users/logins.js'
import { DomainError } from '../domain/errors.js'
import { allows, ROLES, requiredPermission, type Permission, type Role } from '../domain/users/roles.js'
import { errorBody, sendError } from './errors.js'
import { checkCsrf, checkOrigin, isSafeMethod, sessionToken } from './session-cookie.js'

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string
    /** The user acting ('' for an operator API key, which has no user). */
    userId: string
    role: Role
  }
  interface FastifyContextConfig {
    /** The route takes no API key (e.g. status badges embedded in READMEs); it is still rate-limited by address. */
    public?: boolean
    /** The route may be called without X-Service-Account (e.g. GET /v1/accounts). */
    accountOptional?: boolean
    /**
     * Without X-Service-Account, the `account` query parameter names the account: for reads that the browser makes
     * by itself from a link (an image opened in a tab, a trace the trace viewer loads), which cannot send a header.
     * The credentials and the membership check are the same; the header wins when both are sent.
     */
    accountInQuery?: boolean
  }
}

export interface AuthDeps {
  accounts: AccountService
  logins: Pick<LoginService, 'authenticate' | 'roleIn'>
  publicBaseUrl: string
}

/**
 * The versioned public API (/v1, /v2 and /v3) and the reference clients' compatibility routes (/next): every route
 * there needs the key and account headers.
 */
export const isApiPath = (url: string): boolean => /^\/(v[123]|next)(\/|$)/.test(url)

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match?.[1]
}

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name]
  const value = Array.isArray(raw) ? raw[0] : raw
  return value?.trim() || undefined
}

/**
 * The account header: X-Service-Account, or X-Checkly-Account where only that is sent. Two different accounts in
 * one request are refused rather than one silently chosen: the caller's intent is unclear.
 */
const accountHeader = (request: FastifyRequest): string | undefined => {
  const ours = headerValue(request, 'x-service-account')
  const alias = headerValue(request, 'x-checkly-account')
  if (ours && alias && ours !== alias)
    throw new DomainError(400, 'X-Service-Account and X-Checkly-Account name different accounts: send one of them, or the same id in both', {
      'X-Checkly-Account': alias.slice(0, 100),
    })
  return ours ?? alias
}

const accountOf = (request: FastifyRequest): string | undefined => {
  const header = accountHeader(request)
  if (header || request.routeOptions.config.accountInQuery !== true) return header
  const value = (request.query as { account?: unknown } | undefined)?.account
  return typeof value === 'string' ? value.trim() || undefined : undefined
}

const VERBS: Record<Permission, string> = {
  read: 'read',
  run: 'start runs in',
  write: 'change',
  manage: 'manage the members and API keys of',
  own: 'hand over',
}

/** "Your role READ_ONLY may not change this account (READ_WRITE, ADMIN or OWNER is needed)". */
export function forbiddenMessage(role: Role, permission: Permission): string {
  const enough = ROLES.filter((r) => allows(r, permission)).reverse()
  const list = enough.length > 1 ? `${enough.slice(0, -1).join(', ')} or ${enough[enough.length - 1] ?? ''}` : (enough[0] ?? '')
  return `Your role ${role} may not ${VERBS[permission]} this account (${list} is needed)`
}

const unauthorized = (message: string) => new DomainError(401, message, {})

async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<void> {
  const optional = request.routeOptions.config.accountOptional === true
  const account = accountOf(request)
  const token = bearerToken(request)
  const cookie = token ? undefined : sessionToken(request)
  if (!token && !cookie) throw unauthorized('Missing or malformed Authorization header: expected "Bearer <API key>"')
  if (!account && !optional) throw unauthorized('Missing X-Service-Account header: the account id is required')

  if (token) {
    const principal = await deps.accounts.authenticateKey(token, account)
    if (!principal) throw unauthorized('Bad token: the API key is invalid, revoked, or not valid for this account')
    Object.assign(request, principal)
    return
  }
  const session = await deps.logins.authenticate(cookie)
  if (!session) throw unauthorized('Your session has ended or is not valid; sign in again')
  if (!isSafeMethod(request.method)) {
    checkOrigin(request, deps.publicBaseUrl)
    checkCsrf(request, session.csrfToken)
  }
  request.userId = session.userId
  if (!account) return
  const role = await deps.logins.roleIn(session.userId, account)
  if (!role) throw unauthorized('You are not a member of this account (X-Service-Account)')
  request.accountId = account
  request.role = role
}

export function installAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('accountId', '')
  app.decorateRequest('userId', '')
  app.decorateRequest('role', 'READ_ONLY')
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || request.routeOptions.config.public === true) return
    try {
      await authenticate(request, deps)
    } catch (err) {
      if (err instanceof DomainError) return sendError(reply, errorBody(err.statusCode, err.message, err.attributes))
      throw err
    }
    if (!request.accountId) return
    const permission = requiredPermission(request.method, request.routeOptions.url ?? request.url)
    if (!allows(request.role, permission)) return sendError(reply, errorBody(403, forbiddenMessage(request.role, permission)))
  })
}
