/**
 * A cursor list of an API resource (status pages, incidents) as a table: the rows of one page, and buttons to the
 * next page (by the list's nextId) and back (by the cursors already walked), since a cursor list has no total.
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { useApi } from '../../../api/hooks'
import type { CursorPage, CursorQuery } from '../../../api/cursor-read'
import type { Read } from '../../../api/read'
import { Button, Empty, ErrorBanner, Loading } from '../../../ui/kit'
import { ColumnsTable, type Column } from './columns-table'

interface Props<T> {
  /** The list operation of the typed client; the table adds limit and nextId. */
  list: (query: CursorQuery) => Read<CursorPage<T>>
  columns: Array<Column<T>>
  /** A caption read by screen readers (the table's subject). */
  caption: string
  empty: { title: string; body?: ComponentChildren }
  pageSize?: number
}

export function CursorTable<T>(props: Props<T>) {
  // The cursors of the pages walked so far; the last is the page shown (undefined: the first page).
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined])
  const limit = props.pageSize ?? 25
  const nextId = cursors[cursors.length - 1]
  const list = useApi(props.list(nextId === undefined ? { limit } : { limit, nextId }))
  if (list.isLoading) return <Loading />
  if (list.error) return <ErrorBanner error={list.error} title={`Could not load ${props.caption.toLowerCase()}`} />
  const rows = list.data?.rows ?? []
  const next = list.data?.nextId ?? null
  if (rows.length === 0 && cursors.length === 1) return <Empty title={props.empty.title}>{props.empty.body}</Empty>
  return (
    <>
      <ColumnsTable caption={props.caption} columns={props.columns} rows={rows} />
      {cursors.length > 1 || next !== null ? (
        <nav class="pager" aria-label="Pages">
          <Button disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous page
          </Button>
          <span class="muted small" aria-live="polite">
            Page {cursors.length}
          </span>
          <Button disabled={next === null} onClick={() => next !== null && setCursors([...cursors, next])}>
            Next page
          </Button>
        </nav>
      ) : null}
    </>
  )
}
