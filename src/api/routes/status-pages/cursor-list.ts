/** The cursor lists of status pages, services and incidents: query `limit` and `nextId`, answer `{length, entries, nextId}`. */
import { Type, type TSchema } from 'typebox'
import { DEFAULT_CURSOR_LIMIT, MAX_CURSOR_LIMIT, type CursorPage } from '../../../domain/status-pages/cursor-page.js'

export const CursorQuery = {
  limit: Type.Integer({ minimum: 1, maximum: MAX_CURSOR_LIMIT, default: DEFAULT_CURSOR_LIMIT, description: `Entries per page (1 to ${MAX_CURSOR_LIMIT}).` }),
  nextId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The nextId of the previous page; leave out for the first page.' })),
}

export const CURSOR_DESCRIPTION = 'Cursor list: `limit` entries from `nextId` on; the answer’s `nextId` reads the next page and is null on the last.'

export const CursorList = <T extends TSchema>(entry: T) =>
  Type.Object({
    length: Type.Integer({ minimum: 0, description: 'Number of entries on this page (not the total).' }),
    entries: Type.Array(entry),
    nextId: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null on the last page.' }),
  })

export const cursorAnswer = <T>(page: CursorPage<T>) => ({ length: page.entries.length, entries: page.entries, nextId: page.nextId })
