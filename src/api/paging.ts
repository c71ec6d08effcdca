/** Page-based lists: bare arrays, total in Content-Range (api-conventions section 3). */
import { Type } from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Items per page (1 to 100).' }),
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1.' }),
}

/** `0-9/42`, or `*\/42` when the page holds nothing. */
export function contentRange(page: number, limit: number, count: number, total: number): string {
  if (count === 0) return `*/${total}`
  const first = (page - 1) * limit
  return `${first}-${first + count - 1}/${total}`
}

export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: number, limit: number, items: T[], total: number) {
  reply.header('Content-Range', contentRange(page, limit, items.length, total))
  const lastPage = Math.max(1, Math.ceil(total / limit))
  const base = new URL(request.url, 'http://x')
  const link = (p: number, rel: string) => {
    base.searchParams.set('page', String(p))
    base.searchParams.set('limit', String(limit))
    return `<${base.pathname}${base.search}>; rel="${rel}"`
  }
  const links = [page < lastPage ? link(page + 1, 'next') : null, link(lastPage, 'last')].filter(Boolean)
  reply.header('Link', links.join(', '))
  return reply.send(items)
}
