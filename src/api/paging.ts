/** Page-based lists: bare arrays, total in Content-Range, neighbours in Link (RFC 8288). */
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

export type LinkRel = 'first' | 'prev' | 'next' | 'last'

/**
 * The pages a page links to: first and last always (an empty list has one, empty, page); prev from page 2 on,
 * pointing at the last page that holds items when the page asked for is beyond it; next while a later page exists.
 */
export function pageLinks(page: number, limit: number, total: number): Array<{ rel: LinkRel; page: number }> {
  const lastPage = Math.max(1, Math.ceil(total / limit))
  const links: Array<{ rel: LinkRel; page: number }> = [{ rel: 'first', page: 1 }]
  if (page > 1) links.push({ rel: 'prev', page: Math.min(page - 1, lastPage) })
  if (page < lastPage) links.push({ rel: 'next', page: page + 1 })
  links.push({ rel: 'last', page: lastPage })
  return links
}

/** `<path?query>; rel="first", …`: the request's own path and query with only page and limit changed. */
export function linkHeader(requestUrl: string, page: number, limit: number, total: number): string {
  const base = new URL(requestUrl, 'http://x')
  return pageLinks(page, limit, total)
    .map((l) => {
      base.searchParams.set('page', String(l.page))
      base.searchParams.set('limit', String(limit))
      return `<${base.pathname}${base.search}>; rel="${l.rel}"`
    })
    .join(', ')
}

export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: number, limit: number, items: T[], total: number) {
  reply.header('Content-Range', contentRange(page, limit, items.length, total))
  reply.header('Link', linkHeader(request.url, page, limit, total))
  return reply.send(items)
}
