/**
 * Picket's default favicon at /favicon.ico, where browsers ask for one on every host (the console's, a status
 * page's, a dashboard's) whatever the page names, so that none of them gets a 404. A page's own favicon setting is
 * named in its document and wins there.
 */
import type { FastifyInstance } from 'fastify'
import type { WebAssets } from '../assets.js'
import { sendCompressed } from './compressed.js'

export function installFavicon(scope: FastifyInstance, assets: WebAssets, config: object): void {
  scope.get('/favicon.ico', { schema: { hide: true }, config }, async (request, reply) => {
    const icon = assets.get('favicon.ico')
    if (!icon) return reply.code(404).send()
    reply.headers({ 'content-type': icon.type, 'cache-control': 'public, max-age=86400', etag: `"${icon.hash}"`, 'x-content-type-options': 'nosniff' })
    return sendCompressed(reply, icon.body, icon.encoded)
  })
}
