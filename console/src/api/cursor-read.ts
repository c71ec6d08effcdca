/**
 * Cursor lists (`{length, entries, nextId}`, paged by `limit` and `nextId`): status pages, their services and
 * incidents. A page reads as a Page whose total is unknown, with the cursor of the next page.
 */
import { api, qs } from './client'
import type { Page, Read } from './read'

export interface CursorPage<T> extends Page<T> {
  /** The cursor of the next page; null on the last. */
  nextId: string | null
}

export type CursorQuery = { limit?: number; nextId?: string }

export const readCursorPage = <T>(root: string, query: CursorQuery = {}): Read<CursorPage<T>> => {
  const path = `${root}${qs({ ...query })}`
  return {
    path,
    key: [path, 'page'],
    fetch: async () => {
      const body = await api.get<{ entries: T[]; nextId?: string | null }>(path)
      return { rows: body.entries, total: null, nextId: body.nextId ?? null }
    },
  }
}
