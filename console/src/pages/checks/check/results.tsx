/** A check's results, newest first (a bar of the page's outcomes above them), paged, filtered by outcome, location and time (all kept in the URL). */
import { useMemo } from 'preact/hooks'
import { useSearchParams } from 'wouter-preact'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { SelectField, TextField, fieldErrorsOf } from '../../../ui/form'
import { Button, Empty, ErrorBanner, Loading } from '../../../ui/kit'
import { Pager } from '../pager'
import { locationsOf, type Check } from '../types'
import { CheckFrame } from './frame'
import { RESULTS_PAGE_SIZE, resultFiltersFrom, resultFiltersSearch, resultsQuery, type ResultFilters } from './results-query'
import { ResultsTable } from './results-table'
import { RunBar } from './run-bar'

function ResultsTab(props: { check: Check }) {
  const [params, setParams] = useSearchParams()
  const f = useMemo(() => resultFiltersFrom(params), [params.toString()])
  const set = (patch: Partial<ResultFilters>) => setParams(resultFiltersSearch({ ...f, page: 1, ...patch }))
  const q = useApi(picketApi.checkResults.list(props.check.id, resultsQuery(f)), { refetchInterval: f.page === 1 ? 10_000 : undefined })
  const errors = fieldErrorsOf(q.error)
  const locations = locationsOf(props.check)
  const filtered = f.outcome !== '' || f.location !== '' || f.from !== '' || f.to !== ''
  return (
    <>
      <form class="row" aria-label="Filter results" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Outcome"
          path="hasFailures"
          errors={errors}
          value={f.outcome}
          options={[
            { value: '', label: 'All runs' },
            { value: 'failed', label: 'Failed runs' },
            { value: 'passed', label: 'Passed and degraded runs' },
          ]}
          onValue={(v) => set({ outcome: v })}
        />
        <SelectField
          label="Location"
          path="location"
          errors={errors}
          value={f.location}
          options={[{ value: '', label: 'All locations' }, ...[...new Set([...locations, ...(f.location ? [f.location] : [])])].map((l) => ({ value: l, label: l }))]}
          onValue={(v) => set({ location: v })}
        />
        <TextField label="From" path="from" errors={errors} type="datetime-local" value={f.from} onValue={(v) => set({ from: v })} />
        <TextField label="To" path="to" errors={errors} type="datetime-local" value={f.to} onValue={(v) => set({ to: v })} />
        {filtered ? (
          <div class="field check-filter-actions">
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </form>
      <ErrorBanner error={q.error} title="Results could not be loaded" />
      {q.isLoading ? (
        <Loading label="Loading results…" />
      ) : q.data && q.data.rows.length > 0 ? (
        <>
          <div class="results-run-bar">
            <RunBar checkId={props.check.id} runs={q.data.rows} limit={q.data.rows.length} compact />
          </div>
          <ResultsTable checkId={props.check.id} results={q.data.rows} caption="Results" />
        </>
      ) : !q.error ? (
        <Empty title={filtered ? 'No results match these filters' : 'No results yet'}>
          <p class="muted">{filtered ? 'Try a wider time range or another location.' : 'Results appear here after the check first runs.'}</p>
        </Empty>
      ) : null}
      <Pager page={f.page} limit={RESULTS_PAGE_SIZE} total={q.data?.total ?? null} count={q.data?.rows.length ?? 0} onPage={(page) => set({ page })} label="Pages of results" />
    </>
  )
}

export default function Results(props: { params: Record<string, string | undefined> }) {
  return (
    <CheckFrame id={props.params.id ?? ''} tab="results">
      {(check) => <ResultsTab check={check} />}
    </CheckFrame>
  )
}
