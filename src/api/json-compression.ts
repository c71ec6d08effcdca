/**
 * JSON answers of the API compressed as the client asks (Accept-Encoding): a list of a hundred checks with their
 * latest runs is most of a megabyte as text and a tenth of that compressed. Compression runs on libuv's thread pool
 * (zlib's callback API), not on the event loop, at a quick setting; small answers and answers that already carry
 * a coding (public pages, assets) are sent as they are.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { chooseEncoding } from '../web/routes/compressed.js'

/** Below this size compressing costs more than it saves. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload
    if (body.length < MIN_BYTES) return payload
    const encoding = chooseEncoding(request.headers['accept-encoding'])
    reply.header('vary', 'accept-encoding')
    if (encoding === null) return payload
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: 4 })
    reply.header('content-encoding', encoding).removeHeader('content-length')
    return compressed
  })
}
