/**
 * Errors answered before a request reaches a route, by layers that do not call the error handler: Node's HTTP
 * parser (headers or URL over the size limit, malformed HTTP, timeouts, unknown Expect values) and Fastify's router
 * (undecodable URLs, over-long path parameters). Each gets the API's error body ({ statusCode, error, message }), never the input back.
 */
import { maxHeaderSize, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody, sendError, type ErrorBody } from './errors.js'

/** The body for an error of Node's HTTP parser, by its code. */
export function clientErrorBody(code: string | undefined): ErrorBody {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return errorBody(431, `Request headers, the URL included, are larger than the limit of ${maxHeaderSize} bytes`, {
        headers: `are larger than ${maxHeaderSize} bytes, the URL included`,
      })
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return errorBody(413, 'Chunk extensions of the request body are too large', { body: 'has chunk extensions that are too large' })
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errorBody(408, 'The request was not received in time', {})
    default:
      return errorBody(400, 'The request is not valid HTTP/1.1', { request: 'is not valid HTTP/1.1' })
  }
}

/** A whole HTTP/1.1 response for a socket the HTTP layer gave up on; the connection closes after it. */
export function rawErrorResponse(body: ErrorBody): string {
  const json = JSON.stringify(body)
  return [
    `HTTP/1.1 ${body.statusCode} ${body.error}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n')
}

/** The server's `clientError` listener (Fastify's clientErrorHandler option). */
export function handleClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  // Node's own rule: answer only when no response of this connection has started (a pipelined one may have).
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
  if (socket.writable && !inFlight?.headersSent) socket.write(rawErrorResponse(clientErrorBody(err.code)))
  socket.destroy(err)
}

/** Node answers an Expect header other than 100-continue with a bare 417 unless someone listens. */
export function answerUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = errorBody(417, 'Only "Expect: 100-continue" is supported', { expect: 'must be 100-continue or absent' })
    const json = JSON.stringify(body)
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), connection: 'close' })
    res.end(json)
  })
}

/** Fastify's frameworkErrors option: router errors raised before any hook runs. */
export function handleFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, errorBody(400, 'The URL is not valid: a path segment has a malformed percent-encoding', { url: 'has a malformed percent-encoding' }))
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, errorBody(414, 'A path segment of the URL is too long', { url: 'has a path segment that is too long' }))
  } else {
    void sendError(reply, errorBody(500, 'Internal server error'))
  }
}
