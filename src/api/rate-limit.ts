/** 600 requests per 60 s per API key or console session; counters in Redis when one is configured. */
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { hashSecret } from '../lib/ids.js'
import { DomainError } from '../domain/errors.js'
import { bearerToken, isApiPath } from './auth.js'
import { sessionToken } from './session-cookie.js'

export interface RateLimitOptions {
  max: number
  windowMs: number
  redis?: Redis | undefined
}

export async function installRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    hook: 'onRequest',
    nameSpace: 'picket-rl-',
    ...(options.redis ? { redis: options.redis, skipOnError: true } : {}),
    allowList: (request) => !isApiPath(request.url),
    keyGenerator: (request) => {
      const token = bearerToken(request)
      if (token) return `key:${hashSecret(token)}`
      const session = sessionToken(request)
      return session ? `session:${hashSecret(session)}` : `ip:${request.ip}`
    },
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, `Rate limit exceeded: ${context.max} requests per ${Math.round(options.windowMs / 1000)} s; retry in ${context.after}`),
  })
}
