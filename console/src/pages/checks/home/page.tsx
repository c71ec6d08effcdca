/**
 * Home: every check of the account with its status, last run and 24-hour figures. Three requests at once whatever
 * the number of checks: a page of 100 checks, the summaries of the same page (each with its check's status, by the
 * list's own query, so they need not wait for the list) and the account's counts per status; the summaries and
 * counts are refreshed every 10 s.
 */
import { useMemo } from 'preact/hooks'
import { useSearchParams } from 'wouter-preact'
import { useApi } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { Button, Empty, ErrorBanner, LinkButton, Loading, PageHeader } from '../../../ui/kit'
import { useDocumentTitle } from '../../../ui/title'
import { Pager } from '../pager'
import { Filters } from './filters'
import { PAGE_SIZE, checksQuery, filtersFromSearch, hasFilters, searchFromFilters, type HomeFilters } from './filters-query'
import { CheckList } from './list'
import { useListSummaries } from './use-summaries'
import { countsRead, listRead } from './home-reads'
import '../checks.css'

const LIVE_MS = 10_000

export default function Home() {
  useDocumentTitle('Checks')
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => filtersFromSearch(params), [params.toString()])
  const setFilters = (next: HomeFilters, replace = false) => setParams(searchFromFilters(next), { replace })

  const query = checksQuery(filters)
  const list = useApi(listRead(query), { refetchInterval: 30_000 })
  const summaries = useListSummaries(query, LIVE_MS)
  const counts = useApi(countsRead(), { refetchInterval: LIVE_MS })
  const rows = list.data?.rows ?? []

  const newButton = session.can('write') ? (
    <LinkButton href="/checks/new" variant="primary">
      New check
    </LinkButton>
  ) : null
  const accountEmpty = !list.isLoading && !list.error && rows.length === 0 && !hasFilters(filters) && filters.page === 1

  return (
    <div class="checks-home">
      <PageHeader
        title="Checks"
        subtitle={
          counts.data && counts.data.total > 0
            ? `${counts.data.passing} passing · ${counts.data.degraded} degraded · ${counts.data.failing} failing${counts.data.pending ? ` · ${counts.data.pending} pending` : ''}`
            : undefined
        }
        actions={newButton}
      />
      {accountEmpty ? (
        <Empty title="No checks yet">
          <p>
            A check watches one thing for you: an API or web address, a browser flow, a TCP port, a host's ping, or a scheduled job's heartbeat. Picket runs it from the locations
            you choose and alerts you when it fails.
          </p>
          {newButton ?? <p class="muted">Ask someone who can edit this account to create the first check.</p>}
        </Empty>
      ) : (
        <>
          <Filters filters={filters} onChange={setFilters} />
          <ErrorBanner error={list.error} title="Checks could not be loaded" />
          <ErrorBanner error={counts.error} title="Statuses could not be loaded" />
          {list.isLoading ? (
            <Loading label="Loading checks…" />
          ) : rows.length === 0 && !list.error ? (
            <Empty title="No checks match these filters">
              <Button onClick={() => setFilters({ tags: [], type: '', status: '', name: '', page: 1 })}>Clear filters</Button>
            </Empty>
          ) : rows.length > 0 ? (
            <CheckList
              checks={rows}
              summaries={summaries}
              onTag={(t) => setFilters({ ...filters, tags: filters.tags.includes(t) ? filters.tags : [...filters.tags, t], page: 1 })}
            />
          ) : null}
          <Pager
            page={filters.page}
            limit={PAGE_SIZE}
            total={list.data?.total ?? null}
            count={rows.length}
            onPage={(page) => setFilters({ ...filters, page })}
            label="Pages of checks"
          />
        </>
      )}
    </div>
  )
}
