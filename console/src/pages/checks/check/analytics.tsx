/** A check's analytics: any metric of its type (named in plain words) over a quick range, optionally one series per location. */
import { useMemo } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CheckboxField, SelectField } from '../../../ui/form'
import { Card, Empty, ErrorBanner, Loading } from '../../../ui/kit'
import type { Check } from '../types'
import { AnalyticsChart } from './analytics-chart'
import { QUICK_RANGES, chartData, rangeQuery } from './analytics-data'
import { PRIMARY_TIMING } from './analytics-meta'
import { axisFormatter, formatter } from './chart-format'
import { useChartParams } from './chart-params'
import { metricChoice } from './metric-labels'
import { MetricSelect } from './metric-select'
import { CheckFrame } from './frame'

function AnalyticsTab(props: { check: Check }) {
  const { check } = props
  const { params, range, byLocation, set } = useChartParams()
  const metrics = useApi(picketApi.analytics.metrics(check.checkType), { staleTime: Infinity })
  // Charts need one value per bucket: the suffixed forms, availability and retries (bare bases are raw points).
  const choices = (metrics.data ?? []).filter((m) => m.aggregated || m.name.includes('_') || m.name === 'availability' || m.name === 'retries')
  const primary = PRIMARY_TIMING[check.checkType]
  const fallback = choices.find((m) => m.name === `${primary}_avg`)?.name ?? choices[0]?.name ?? 'availability'
  const metric = choices.some((m) => m.name === params.get('metric')) ? (params.get('metric') as string) : fallback

  // Heartbeats have no buckets and no locations: their figures are over the whole range.
  const buckets = check.checkType !== 'HEARTBEAT'
  const minute = Math.floor(Date.now() / 60_000)
  const query = buckets
    ? { metrics: metric, ...rangeQuery(range, minute * 60_000), groupBy: byLocation ? 'runLocation' : undefined, limit: 100 }
    : { metrics: choices.map((m) => m.name).join(','), ...rangeQuery(range, minute * 60_000, false) }
  const q = useApi(metrics.data ? picketApi.analytics.series(check.checkType, check.id, query) : null, { refetchInterval: 60_000 })
  const data = useMemo(() => (q.data ? chartData(q.data, metric) : null), [q.data, metric])
  const meta = q.data?.metadata[metric] ?? choices.find((m) => m.name === metric)
  const format = useMemo(() => formatter(meta?.unit), [meta?.unit])
  const axis = useMemo(() => axisFormatter(meta?.unit), [meta?.unit])

  const words = metricChoice(metric, meta?.label ?? metric).label
  if (!picketApi.analytics.serves(check.checkType)) return <Empty title="No analytics for this check type" />
  const figures = (q.data?.series[0]?.data ?? {}) as Record<string, unknown>
  return (
    <>
      <form class="row" aria-label="Chart settings" onSubmit={(e) => e.preventDefault()}>
        {buckets ? <MetricSelect metrics={choices} value={metric} onValue={(v) => set('metric', v)} /> : null}
        <SelectField
          label="Range"
          path="quickRange"
          errors={{}}
          value={range}
          options={QUICK_RANGES.map((r) => ({ value: r.value, label: r.label }))}
          onValue={(v) => set('range', v)}
        />
        {buckets ? (
          <CheckboxField label="One line per location" path="groupBy" errors={{}} checked={byLocation} onChecked={(v) => set('groupBy', v ? 'runLocation' : null)} />
        ) : null}
      </form>
      <ErrorBanner error={metrics.error ?? q.error} title="Analytics could not be loaded" />
      {!buckets ? (
        <div class="grid key-figures">
          {choices.map((m) => (
            <Card title={metricChoice(m.name, m.label).label}>
              <p class="stat">{q.isLoading ? '…' : typeof figures[m.name] === 'number' ? formatter(m.unit)(figures[m.name] as number) : '–'}</p>
            </Card>
          ))}
        </div>
      ) : (
        <Card title={words}>
          {metrics.isLoading || q.isLoading ? (
            <Loading label="Loading analytics…" />
          ) : data && data.xs.length > 0 ? (
            <AnalyticsChart data={data} title={words} format={format} axis={axis} />
          ) : !q.error ? (
            <p class="muted">No runs in this range.</p>
          ) : null}
        </Card>
      )}
    </>
  )
}

export default function Analytics(props: { params: Record<string, string | undefined> }) {
  return (
    <CheckFrame id={props.params.id ?? ''} tab="analytics">
      {(check) => <AnalyticsTab check={check} />}
    </CheckFrame>
  )
}
