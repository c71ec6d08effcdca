/**
 * The console's session cookie: `picket_session`, HttpOnly, SameSite=Strict, Path=/, Secure when the
 * service's public address is https; and the checks a cookie-authenticated change must pass (CSRF token header,
 * Origin of this service).
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.js'

export const SESSION_COOKIE = 'picket_session'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method.toUpperCase())

export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
const isSecure = (publicBaseUrl: string) => publicBaseUrl.startsWith('https:')

export function setSessionCookie(reply: FastifyReply, publicBaseUrl: string, token: string, maxAgeSeconds: number): void {
  const maxAge = Math.max(0, Math.floor(maxAgeSeconds))
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Max-Age=${maxAge}; ${attributes(isSecure(publicBaseUrl))}`)
}

export function clearSessionCookie(reply: FastifyReply, publicBaseUrl: string): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(isSecure(publicBaseUrl))}`)
}

const crossSite = () => new DomainError(403, 'Cross-site request refused', {})

/** An Origin header, when sent, must be this service's public origin or the origin the request was sent to. */
export function checkOrigin(request: FastifyRequest, publicBaseUrl: string): void {
  const origin = request.headers.origin
  if (origin === undefined) return
  const own = new URL(publicBaseUrl).origin
  if (origin === own || origin === `${request.protocol}://${request.host}`) return
  throw crossSite()
}

/** X-CSRF-Token must equal the session's token. */
export function checkCsrf(request: FastifyRequest, csrfToken: string): void {
  const raw = request.headers['x-csrf-token']
  const sent = Buffer.from((Array.isArray(raw) ? raw[0] : raw) ?? '')
  const want = Buffer.from(csrfToken)
  if (sent.length !== want.length || !timingSafeEqual(sent, want)) throw crossSite()
}
