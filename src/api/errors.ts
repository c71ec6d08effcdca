/** Every error leaves the API as {statusCode, error, message, attributes}. */
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { ErrorObject } from 'ajv'
import { DomainError, describeFields } from '../domain/errors.js'
import { fieldErrors } from './validation.js'
import { isStoreUnavailable } from '../lib/store-unavailable.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The error behind a 5xx answer, for the request's log line. */
    failure: Error | null
  }
}

export interface ErrorBody {
  statusCode: number
  error: string
  message: string
  attributes: Record<string, unknown>
}

export const errorBody = (statusCode: number, message: string, attributes: Record<string, unknown> = {}): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  attributes,
})

export const sendError = (reply: FastifyReply, body: ErrorBody) => reply.code(body.statusCode).type('application/json; charset=utf-8').send(body)

/** Text from the request shown in a message is cut to `max` characters, so no input comes back whole. */
export const clip = (text: string, max = 100): string => (text.length > max ? `${text.slice(0, max)}…` : text)

const CONTEXT_LABEL: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

export function validationErrorBody(validation: ErrorObject[], context = 'body'): ErrorBody {
  const attributes = fieldErrors(validation)
  return errorBody(400, `Invalid request ${CONTEXT_LABEL[context] ?? context}: ${describeFields(attributes)}`, attributes)
}

function toErrorBody(err: FastifyError & { validation?: ErrorObject[]; validationContext?: string }): ErrorBody {
  if (err instanceof DomainError) return errorBody(err.statusCode, err.message, err.attributes)
  if (err.validation) return validationErrorBody(err.validation, err.validationContext)
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
  if (status === 429) return errorBody(429, err.message || 'Rate limit exceeded', {})
  // The JSON parser of json-body.ts explains what is wrong and where; these are what is left of Fastify's own.
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && err instanceof SyntaxError)) {
    return errorBody(400, 'Body is not valid JSON', { body: 'is not valid JSON' })
  }
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return errorBody(400, 'Body must not be empty when Content-Type is application/json', { body: 'is empty' })
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return errorBody(415, 'Content-Type must be application/json', { 'content-type': 'must be application/json' })
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return errorBody(413, 'Body is larger than the size limit', { body: 'is too large' })
  if (err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return errorBody(400, 'Body size does not match the Content-Length header', { body: 'does not match Content-Length' })
  if (status < 500) return errorBody(status, clip(err.message || STATUS_CODES[status] || 'Request failed', 200), {})
  if (isStoreUnavailable(err)) return errorBody(503, 'The database is unavailable at the moment; try again shortly', {})
  return errorBody(500, 'Internal server error', {})
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.decorateRequest('failure', null)
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const body = toErrorBody(err)
    if (body.statusCode >= 500) request.failure = err
    if (body.statusCode === 503) void reply.header('retry-after', '5')
    return sendError(reply, body)
  })
  app.setNotFoundHandler((request, reply) => sendError(reply, errorBody(404, `Route ${request.method} ${clip(request.url.split('?')[0] ?? '')} not found`, {})))
}
