/**
 * A GET the console caches. Its path is the cache key, so a change refreshes every read under a path prefix
 * (useApiMutation); a paged read keeps the rows and the total from Content-Range under a key of its own, so the
 * same path read whole and read paged never share a cache entry of another shape.
 */
import { api, request, totalOf, type qs } from './client'

export interface Read<T> {
  readonly path: string
  readonly key: readonly [string] | readonly [string, 'page']
  readonly fetch: () => Promise<T>
}

export interface Page<T> {
  rows: T[]
  total: number | null
}

/** The parameters of a query string, as `qs` takes them. */
export type QueryParams = Parameters<typeof qs>[0]

/** The paging parameters of a list route. */
export type PageQuery = { limit?: number; page?: number }

export const read = <T>(path: string): Read<T> => ({ path, key: [path], fetch: () => api.get<T>(path) })

export const readPage = <T>(path: string): Read<Page<T>> => ({
  path,
  key: [path, 'page'],
  fetch: async () => {
    const r = await request<T[]>('GET', path)
    return { rows: r.data, total: totalOf(r.headers) }
  },
})

/** A path segment from an id, escaped. */
export const seg = (id: string | number): string => encodeURIComponent(String(id))
