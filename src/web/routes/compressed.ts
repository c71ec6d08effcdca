/**
 * The public pages' answers compressed as the client asks (Accept-Encoding): brotli when it takes it, else gzip,
 * else as they are. Pages are small and made per request, so they are compressed at once in memory with a quick
 * setting; the site's fixed assets are compressed once and kept. `Vary: Accept-Encoding` tells caches that the
 * answer depends on the header.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply } from 'fastify'

export type Encoding = 'br' | 'gzip'

/** Below this size compressing costs more than it saves. */
const MIN_BYTES = 512

/** The q-value the header gives a coding (its own entry, else `*`); 0 when absent. */
function weightOf(header: string, coding: string): number {
  let star = 0
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const weight = q === undefined ? 1 : Number(q)
    if (name.trim() === coding) return Number.isFinite(weight) ? weight : 0
    if (name.trim() === '*') star = Number.isFinite(weight) ? weight : 0
  }
  return star
}

/** The coding to answer with: brotli over gzip when both are acceptable; null for none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')
  if (header === '') return null
  if (weightOf(header, 'br') > 0) return 'br'
  if (weightOf(header, 'gzip') > 0) return 'gzip'
  return null
}

export function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 })
}

/** Sends the body compressed when the request asks for it; `precompressed` gives a kept copy per coding. */
export function sendCompressed(reply: FastifyReply, body: string | Buffer, precompressed?: (encoding: Encoding) => Buffer): FastifyReply {
  const request = reply.request
  const raw = typeof body === 'string' ? Buffer.from(body) : body
  reply.header('vary', 'accept-encoding')
  const encoding = raw.length >= MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null
  if (encoding === null || request.method === 'HEAD') return reply.send(raw)
  return reply.header('content-encoding', encoding).send(precompressed ? precompressed(encoding) : encode(raw, encoding))
}
