/**
 * The ping address of heartbeat checks, outside /v1 and without API credentials: /ping/{token}, /ping/{token}/fail
 * and /ping/{token}/start. GET and POST count; HEAD and OPTIONS are answered without counting; other methods get
 * 405 and count nothing. Link-preview bots are answered but not counted. Any POST body is accepted (its first
 * KiB is stored): the parsers here are scoped to these routes, so the JSON API keeps refusing other bodies.
 */
import type { IncomingMessage } from 'node:http'
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '../../../services/index.js'
import type { HeartbeatSignal } from '../../../domain/heartbeats/timer.js'
import { PING_TOKEN_PATTERN } from '../../../domain/checks/heartbeat.js'
import { MAX_PING_BODY_BYTES, boundedBody, boundedUserAgent, isPreviewBot, pingMethodVerdict, pingSource } from '../../../domain/heartbeats/ping-request.js'
import { errorBody, sendError } from '../../errors.js'
import { errorResponses } from '../../schemas/common.js'
import { PingView } from '../../../domain/heartbeats/ping-view-schema.js'

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200, description: 'The heartbeat.pingToken of the check.' }) })
const COUNTED = ['GET', 'POST']
const OTHERS = ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']
const ALLOW = 'GET, POST, HEAD, OPTIONS'
const TOKEN = new RegExp(PING_TOKEN_PATTERN)
const SIGNALS: Array<[string, HeartbeatSignal, string]> = [
  ['', 'PING', 'Ping a heartbeat check: the job ran (GET or POST; no API key)'],
  ['/fail', 'FAIL', 'Report that the job failed: the check fails at once (GET or POST; no API key)'],
  ['/start', 'START', 'Report that the job started: the next ping records its duration (GET or POST; no API key)'],
]

/** Keeps the first bytes of a body and drains the rest. */
function readBounded(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const kept: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      if (size < MAX_PING_BODY_BYTES) kept.push(chunk.subarray(0, MAX_PING_BODY_BYTES - size))
      size += chunk.length
    })
    stream.on('end', () => resolve(Buffer.concat(kept)))
    stream.on('error', reject)
  })
}

const notFound = (reply: FastifyReply) => sendError(reply, errorBody(404, 'No heartbeat check has this ping token'))

export async function heartbeatPingRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => {
      readBounded(payload).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      )
    })
    for (const [suffix, signal, summary] of SIGNALS) {
      const url = `/ping/:token${suffix}`
      scope.route<{ Params: Static<typeof TokenParams> }>({
        method: COUNTED,
        url,
        exposeHeadRoute: false,
        schema: { tags: ['heartbeats'], summary, params: TokenParams, security: [], response: { 200: PingView, ...errorResponses(404) } },
        handler: (request, reply) => ping(request, reply, signal),
      })
      // Answered here rather than by the router, so that they get the ping rules (HEAD never counts; 405 names GET and POST).
      scope.route<{ Params: Static<typeof TokenParams> }>({
        method: OTHERS,
        url,
        schema: { hide: true, params: TokenParams },
        handler: (request, reply) => ping(request, reply, signal),
      })
    }
  })

  async function ping(request: FastifyRequest<{ Params: Static<typeof TokenParams> }>, reply: FastifyReply, signal: HeartbeatSignal) {
    reply.header('access-control-allow-origin', '*')
    const verdict = pingMethodVerdict(request.method)
    if (verdict === 'refuse') {
      reply.header('allow', ALLOW)
      return sendError(reply, errorBody(405, `Pings must use GET or POST, not ${request.method}; nothing was recorded`, { method: request.method }))
    }
    if (request.method === 'OPTIONS') {
      return reply.code(204).headers({ allow: ALLOW, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': '*' }).send()
    }
    if (verdict === 'ignore') return reply.code(200).type('application/json; charset=utf-8').send()
    const userAgent = request.headers['user-agent']
    if (isPreviewBot(userAgent)) return { ok: true, recorded: false, reason: 'Link-preview bots do not count as pings' }
    const { token } = request.params
    if (!TOKEN.test(token)) return notFound(reply)
    const outcome = await services.heartbeats.ping({
      token,
      signal,
      method: request.method,
      source: pingSource(request.headers),
      userAgent: boundedUserAgent(userAgent),
      body: request.method === 'POST' && Buffer.isBuffer(request.body) ? boundedBody(request.body) : null,
    })
    if (outcome.kind === 'unknown') return notFound(reply)
    if (outcome.kind === 'deactivated') return { ok: true, recorded: false, reason: 'The check is deactivated' }
    return { ok: true, recorded: true, state: outcome.state, eventId: outcome.eventId }
  }
}
