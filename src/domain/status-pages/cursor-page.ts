/**
 * Cursor lists (`{length, entries, nextId}` with `limit` and `nextId`), pure. A list is in a fixed order of
 * (created, id); the cursor names the key of the first record of the next page, so a walk neither repeats nor
 * skips a record when records before the cursor are deleted, or when the record it names is deleted meanwhile.
 */
import { ValidationError } from '../errors.js'

export const DEFAULT_CURSOR_LIMIT = 20
export const MAX_CURSOR_LIMIT = 100

export interface CursorQuery {
  limit: number
  /** The nextId of the previous page; absent for the first page. */
  nextId?: string | undefined
}

export interface CursorPage<T> {
  entries: T[]
  /** Null on the last page. */
  nextId: string | null
}

export interface CursorKeyed {
  id: string
  createdAt: number
}

export type CursorOrder = 'oldest-first' | 'newest-first'

interface CursorKey {
  createdAt: number
  id: string
}

const encode = (r: CursorKey): string => Buffer.from(`${r.createdAt}.${r.id}`).toString('base64url')

function decode(cursor: string): CursorKey {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const m = /^(\d{1,16})\.([0-9a-f-]{36})$/.exec(text)
  if (!m?.[1] || !m[2]) throw new ValidationError({ nextId: 'is not a cursor of this list (use the nextId of the previous page)' })
  return { createdAt: Number(m[1]), id: m[2] }
}

/** Negative when a comes before b in the list's order. */
function compare(a: CursorKey, b: CursorKey, order: CursorOrder): number {
  const ascending = a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return order === 'oldest-first' ? ascending : -ascending
}

/** Sorts records into the list's order (a copy). */
export const sortForCursor = <T extends CursorKeyed>(records: readonly T[], order: CursorOrder): T[] => [...records].sort((a, b) => compare(a, b, order))

/** One page of records already in the list's order, from the cursor on, and the cursor of the page after it. */
export function cursorPage<T extends CursorKeyed>(ordered: readonly T[], order: CursorOrder, q: CursorQuery): CursorPage<T> {
  const from = q.nextId === undefined ? undefined : decode(q.nextId)
  const start = from === undefined ? 0 : ordered.findIndex((r) => compare(r, from, order) >= 0)
  if (start < 0) return { entries: [], nextId: null }
  const entries = ordered.slice(start, start + q.limit)
  const next = ordered[start + q.limit]
  return { entries, nextId: next ? encode(next) : null }
}
