/**
 * A check's overview: a notice when scheduled runs were skipped (the engine was behind), the bar of its last runs, its response-time history with failures marked, availability and
 * P95 over 24 hours, 7 days and 30 days, its latest runs and its open error groups.
 */
import { Link } from 'wouter-preact'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { Card, Empty, ErrorBanner, Loading } from '../../../ui/kit'
import type { Check, CheckResult } from '../types'
import { PRIMARY_TIMING } from './analytics-meta'
import { ErrorGroupsTable } from './error-groups-table'
import { CheckFrame, checkPath } from './frame'
import { HistorySection } from './history-section'
import { KeyFigures } from './key-figures'
import { RunBar } from './run-bar'
import { ResultsTable } from './results-table'
import { SkippedRunsNotice } from './skipped-runs-notice'

/** Runs read once for the bar (the last 60), the degraded marks of the chart and the table (the last 10 of them). */
const RUNS_READ = 60
const EMPTY: CheckResult[] = []

function LastRuns(props: { check: Check; runs: CheckResult[]; loading: boolean; error: unknown }) {
  return (
    <Card title="Last runs" actions={<Link href={checkPath(props.check.id, '/results')}>All results</Link>} class="last-runs-card">
      <ErrorBanner error={props.error} />
      {props.loading ? <Loading /> : <RunBar checkId={props.check.id} runs={props.runs} limit={60} />}
    </Card>
  )
}

function LatestRuns(props: { check: Check; runs: CheckResult[] }) {
  if (props.runs.length === 0) return null
  return (
    <Card title="Latest runs">
      <ResultsTable checkId={props.check.id} results={props.runs.slice(0, 10)} caption="Latest runs" />
    </Card>
  )
}

const runsOf = (id: string) => picketApi.checkResults.list(id, { limit: RUNS_READ })
const errorsOf = (id: string) => picketApi.errorGroups.forCheck(id, { limit: 10 })
const RUNS_LIVE = { refetchInterval: 10_000 }

function OpenErrors(props: { check: Check }) {
  const q = useApi(errorsOf(props.check.id))
  return (
    <Card title="Open errors" actions={<Link href={checkPath(props.check.id, '/errors')}>All errors</Link>}>
      <ErrorBanner error={q.error} />
      {q.isLoading ? <Loading /> : q.data && q.data.rows.length > 0 ? <ErrorGroupsTable groups={q.data.rows} /> : !q.error ? <p class="muted">No open errors.</p> : null}
    </Card>
  )
}

function OverviewBody(props: { check: Check }) {
  const { check } = props
  const runs = useApi(runsOf(check.id), RUNS_LIVE)
  const rows = runs.data?.rows ?? EMPTY
  const figures = picketApi.analytics.serves(check.checkType)
  return (
    <>
      {check.description ? <p class="muted">{check.description}</p> : null}
      <SkippedRunsNotice check={check} />
      <LastRuns check={check} runs={rows} loading={runs.isLoading} error={runs.error} />
      {figures && PRIMARY_TIMING[check.checkType] ? <HistorySection check={check} runs={rows} /> : null}
      {figures ? <KeyFigures check={check} /> : <Empty title="No figures for this check type" />}
      <LatestRuns check={check} runs={rows} />
      <OpenErrors check={check} />
    </>
  )
}

export default function Overview(props: { params: Record<string, string | undefined> }) {
  // The runs and error groups are not asked for beside the check: on the one event loop of the server, the 60 whole
  // runs delayed the check's answer, which the chart's data waits on (its route depends on the check's type).
  return (
    <CheckFrame id={props.params.id ?? ''} tab="overview">
      {(check) => <OverviewBody check={check} />}
    </CheckFrame>
  )
}
