/**
 * The top of a check's overview: the response-time history over a chosen range (last 24 hours unless the address
 * names another), p50 and p95 of the type's main timing or p95 per location, with failed and degraded runs marked.
 */
import { useEffect, useMemo } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CheckboxField, SelectField } from '../../../ui/form'
import { Card, ErrorBanner, Loading } from '../../../ui/kit'
import type { Check } from '../types'
import { QUICK_RANGES, rangeQuery } from './analytics-data'
import { PRIMARY_LABEL, PRIMARY_TIMING } from './analytics-meta'
import { axisFormatter, formatter } from './chart-format'
import { useChartParams } from './chart-params'
import { HistoryChart, loadHistoryChart } from './history-chart'
import { historyData } from './history-data'
import type { RunLike } from '../run-slots'

const format = formatter('milliseconds')
const axis = axisFormatter('milliseconds')

export function HistorySection(props: { check: Check; runs: readonly RunLike[] }) {
  const { check } = props
  const timing = PRIMARY_TIMING[check.checkType] ?? 'responseTime'
  const { range, byLocation, set } = useChartParams()
  useEffect(() => void loadHistoryChart().catch(() => undefined), [])
  const interval = (QUICK_RANGES.find((r) => r.value === range) ?? QUICK_RANGES[1]).interval
  const minute = Math.floor(Date.now() / 60_000)
  const query = { metrics: `${timing}_p50,${timing}_p95,availability`, ...rangeQuery(range, minute * 60_000), groupBy: byLocation ? 'runLocation' : undefined, limit: 100 }
  const q = useApi(picketApi.analytics.series(check.checkType, check.id, query), { refetchInterval: 60_000 })
  const data = useMemo(
    () => (q.data ? historyData(q.data, { timing, intervalMin: interval, byLocation, runs: props.runs }) : null),
    [q.data, timing, interval, byLocation, props.runs],
  )
  const title = `${PRIMARY_LABEL[check.checkType] ?? 'Response time'} history`
  return (
    <Card title={title} class="history-card">
      <form class="history-controls" aria-label="Chart settings" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Range"
          path="range"
          errors={{}}
          value={range}
          options={QUICK_RANGES.map((r) => ({ value: r.value, label: r.label }))}
          onValue={(v) => set('range', v)}
        />
        <CheckboxField label="One line per location" path="groupBy" errors={{}} checked={byLocation} onChecked={(v) => set('groupBy', v ? 'runLocation' : null)} />
      </form>
      <ErrorBanner error={q.error} title="The history could not be loaded" />
      {q.isLoading ? (
        <Loading label="Loading history…" />
      ) : data && data.xs.length > 0 ? (
        <HistoryChart data={data} title={title} format={format} axis={axis} />
      ) : !q.error ? (
        <p class="muted">No runs in this range.</p>
      ) : null}
    </Card>
  )
}
