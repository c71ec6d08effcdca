/**
 * The console's sign-in routes: sign-in, sign-out, the current session, password change, and the
 * first user's setup. Public routes (no API key): they read and set the session cookie themselves.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '../../../services/index.js'
import type { StartedSession } from '../../../services/users/session-info.js'
import { TooManyAttemptsError } from '../../../services/users/login-limit.js'
import type { ActiveSession } from '../../../services/users/logins.js'
import { DomainError } from '../../../domain/errors.js'
import { errorResponses } from '../../schemas/common.js'
import { Email, Password, SessionInfo } from '../../schemas/users.js'
import { checkCsrf, checkOrigin, clearSessionCookie, sessionToken, setSessionCookie } from '../../session-cookie.js'

const tags = ['console sign-in']
const config = { public: true }

const SignInBody = Type.Object({ email: Email, password: Password })
const PasswordBody = Type.Object({ currentPassword: Password, newPassword: Password })
const SetupBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), email: Email, name: Type.String({ minLength: 1, maxLength: 100 }), password: Password })

export interface CookieDeps {
  services: Services
  publicBaseUrl: string
}

/** Answers a started session: its SessionInfo, and the cookie. */
export function sendSession(reply: FastifyReply, deps: CookieDeps, started: StartedSession) {
  setSessionCookie(reply, deps.publicBaseUrl, started.token, started.maxAgeSeconds)
  return reply.code(200).send(started.info)
}

/** Runs a step that may refuse for too many failures, answering its Retry-After header. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof TooManyAttemptsError) reply.header('retry-after', String(err.retryAfterSeconds))
    throw err
  }
}

/** The cookie's live session for a change: 401 without one, 403 without the CSRF token or from another origin. */
async function changingSession(request: FastifyRequest, deps: CookieDeps): Promise<ActiveSession> {
  const session = await deps.services.logins.authenticate(sessionToken(request))
  if (!session) throw new DomainError(401, 'You are not signed in', {})
  checkOrigin(request, deps.publicBaseUrl)
  checkCsrf(request, session.csrfToken)
  return session
}

export async function consoleAuthRoutes(app: FastifyInstance, deps: CookieDeps): Promise<void> {
  const { logins, users } = deps.services

  app.post<{ Body: Static<typeof SignInBody> }>(
    '/v1/auth/sign-in',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Sign in to the console with e-mail and password',
        description:
          'Sets the session cookie (picket_session). 401 for a wrong e-mail or password alike; 429 with Retry-After after 10 failures in 15 minutes for the e-mail or the client address.',
        body: SignInBody,
        response: { 200: SessionInfo, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      checkOrigin(request, deps.publicBaseUrl)
      const started = await withRetryAfter(reply, () => logins.signIn(request.body.email, request.body.password, request.ip))
      return sendSession(reply, deps, started)
    },
  )

  app.post(
    '/v1/auth/sign-out',
    { config, schema: { tags, security: [], summary: 'Sign out: ends the session and clears its cookie (also when it has already ended)', response: { 204: Type.Null() } } },
    async (request, reply) => {
      await logins.signOut(sessionToken(request))
      clearSessionCookie(reply, deps.publicBaseUrl)
      return reply.code(204).send()
    },
  )

  app.get(
    '/v1/auth/session',
    { config, schema: { tags, security: [], summary: 'The signed-in user, their accounts and the CSRF token', response: { 200: SessionInfo, ...errorResponses(401, 429) } } },
    async (request) => {
      const info = await logins.session(sessionToken(request))
      if (!info) throw new DomainError(401, 'You are not signed in', {})
      return info
    },
  )

  app.put<{ Body: Static<typeof PasswordBody> }>(
    '/v1/auth/password',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Change your password (session cookie and X-CSRF-Token)',
        description: 'Your other sessions are signed out; this one stays. 400 naming currentPassword when it is wrong, newPassword when it is too weak.',
        body: PasswordBody,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const session = await changingSession(request, deps)
      await logins.changePassword(session.sessionId, request.body.currentPassword, request.body.newPassword)
      return reply.code(204).send()
    },
  )

  app.post<{ Body: Static<typeof SetupBody> }>(
    '/v1/auth/setup',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Create the first user with the setup link printed at start',
        description: 'Works once, while no user exists, with the token of the newest setup link (valid 24 hours). The user becomes OWNER of the first account and is signed in.',
        body: SetupBody,
        response: { 200: SessionInfo, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      checkOrigin(request, deps.publicBaseUrl)
      return sendSession(reply, deps, await users.setup(request.body))
    },
  )
}
