/** A check's overview: availability and P95 over 24 hours, its latest 10 runs and its open error groups. */
import { picketApi, type SeriesRow } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { formatMs, formatPercent } from '../../../lib/format'
import { Card, Empty, ErrorBanner, Loading } from '../../../ui/kit'
import type { Check } from '../types'
import { PRIMARY_LABEL, PRIMARY_TIMING } from './analytics-meta'
import { ErrorGroupsTable } from './error-groups-table'
import { CheckFrame, checkPath } from './frame'
import { ResultsTable } from './results-table'
import { Link } from 'wouter-preact'

function KeyFigures(props: { check: Check }) {
  const timing = PRIMARY_TIMING[props.check.checkType]
  const metrics = ['availability', ...(timing ? [`${timing}_p95`] : [])]
  const q = useApi(picketApi.analytics.series(props.check.checkType, props.check.id, { metrics: metrics.join(','), quickRange: 'last24Hours' }), { refetchInterval: 30_000 })
  const row = (q.data?.series[0]?.data ?? {}) as SeriesRow
  const num = (k: string) => (typeof row[k] === 'number' ? (row[k] as number) : null)
  return (
    <div class="grid key-figures">
      <Card title="Availability, 24 h">
        <p class="stat">{q.isLoading ? '…' : formatPercent(num('availability'))}</p>
      </Card>
      {timing ? (
        <Card title={`${PRIMARY_LABEL[props.check.checkType] ?? 'Response time'} P95, 24 h`}>
          <p class="stat">{q.isLoading ? '…' : formatMs(num(`${timing}_p95`))}</p>
        </Card>
      ) : null}
      {q.error ? <ErrorBanner error={q.error} title="Figures could not be loaded" /> : null}
    </div>
  )
}

function LatestRuns(props: { check: Check }) {
  const q = useApi(picketApi.checkResults.list(props.check.id, { limit: 10 }), { refetchInterval: 10_000 })
  return (
    <Card title="Latest runs" actions={<Link href={checkPath(props.check.id, '/results')}>All results</Link>}>
      <ErrorBanner error={q.error} />
      {q.isLoading ? (
        <Loading />
      ) : q.data && q.data.rows.length > 0 ? (
        <ResultsTable checkId={props.check.id} results={q.data.rows} caption="Latest runs" />
      ) : !q.error ? (
        <p class="muted">No runs yet.</p>
      ) : null}
    </Card>
  )
}

function OpenErrors(props: { check: Check }) {
  const q = useApi(picketApi.errorGroups.forCheck(props.check.id, { limit: 10 }))
  return (
    <Card title="Open errors" actions={<Link href={checkPath(props.check.id, '/errors')}>All errors</Link>}>
      <ErrorBanner error={q.error} />
      {q.isLoading ? <Loading /> : q.data && q.data.rows.length > 0 ? <ErrorGroupsTable groups={q.data.rows} /> : !q.error ? <p class="muted">No open errors.</p> : null}
    </Card>
  )
}

export default function Overview(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id ?? ''
  return (
    <CheckFrame id={id} tab="overview">
      {(check) => (
        <>
          {check.description ? <p class="muted">{check.description}</p> : null}
          {check.checkType === 'AGENTIC' ? <Empty title="No figures for this check type" /> : <KeyFigures check={check} />}
          <LatestRuns check={check} />
          <OpenErrors check={check} />
        </>
      )}
    </CheckFrame>
  )
}
