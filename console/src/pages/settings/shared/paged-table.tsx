/**
 * A paged list of an API resource as a table, with its loading, error and empty states. The simple resources
 * (snippets, maintenance windows, variables, …) describe their columns; the rest is here.
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { useApi } from '../../../api/hooks'
import type { Page, PageQuery, Read } from '../../../api/read'
import { ColumnsTable, type Column } from './columns-table'
import { Button, Empty, ErrorBanner, Loading } from '../../../ui/kit'

interface Props<T> {
  /** The list operation of the typed client; the table adds the paging. */
  list: (query: PageQuery) => Read<Page<T>>
  columns: Array<Column<T>>
  /** A caption read by screen readers (the table's subject). */
  caption: string
  empty: { title: string; body?: ComponentChildren }
  pageSize?: number
}

export function PagedTable<T>(props: Props<T>) {
  const [page, setPage] = useState(1)
  const limit = props.pageSize ?? 25
  const list = useApi(props.list({ limit, page }))
  if (list.isLoading) return <Loading />
  if (list.error) return <ErrorBanner error={list.error} title={`Could not load ${props.caption.toLowerCase()}`} />
  const rows = list.data?.rows ?? []
  const total = list.data?.total ?? rows.length
  if (rows.length === 0 && page === 1) return <Empty title={props.empty.title}>{props.empty.body}</Empty>
  const pages = Math.max(1, Math.ceil(total / limit))
  return (
    <>
      <ColumnsTable caption={props.caption} columns={props.columns} rows={rows} />
      <Pager page={page} pages={pages} total={total} onPage={setPage} />
    </>
  )
}

export function Pager(props: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  if (props.pages <= 1) return null
  return (
    <nav class="pager" aria-label="Pages">
      <Button disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous page
      </Button>
      <span class="muted small" aria-live="polite">
        Page {props.page} of {props.pages} ({props.total} in all)
      </span>
      <Button disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        Next page
      </Button>
    </nav>
  )
}

export type { Column } from './columns-table'
