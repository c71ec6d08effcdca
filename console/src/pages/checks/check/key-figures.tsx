/** Availability and P95 of a check's main timing over the last 24 hours, 7 days and 30 days, side by side. */
import { picketApi, type SeriesRow } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { formatMs, formatPercent } from '../../../lib/format'
import { Card, ErrorBanner } from '../../../ui/kit'
import type { Check } from '../types'
import { PRIMARY_LABEL, PRIMARY_TIMING } from './analytics-meta'

const WINDOWS = [
  { quickRange: 'last24Hours', label: '24 hours' },
  { quickRange: 'last7Days', label: '7 days' },
  { quickRange: 'last30Days', label: '30 days' },
] as const

function useFigures(check: Check, quickRange: string, metrics: string) {
  const q = useApi(picketApi.analytics.series(check.checkType, check.id, { metrics, quickRange }), { refetchInterval: 60_000 })
  const row = (q.data?.series[0]?.data ?? {}) as SeriesRow
  const num = (k: string) => (typeof row[k] === 'number' ? (row[k] as number) : null)
  return { q, num }
}

export function KeyFigures(props: { check: Check }) {
  const timing = PRIMARY_TIMING[props.check.checkType]
  const p95 = timing ? `${timing}_p95` : null
  const metrics = ['availability', ...(p95 ? [p95] : [])].join(',')
  const figures = [
    useFigures(props.check, WINDOWS[0].quickRange, metrics),
    useFigures(props.check, WINDOWS[1].quickRange, metrics),
    useFigures(props.check, WINDOWS[2].quickRange, metrics),
  ]
  const cell = (i: number, metric: string, show: (v: number | null) => string) => {
    const f = figures[i]
    return f?.q.isLoading ? '…' : show(f?.num(metric) ?? null)
  }
  const error = figures.find((f) => f.q.error)?.q.error
  return (
    <Card title="Key figures" class="key-figures-card">
      <table class="figures-table" data-testid="key-figures">
        <caption class="visually-hidden">Availability and P95 over 24 hours, 7 days and 30 days</caption>
        <thead>
          <tr>
            <td />
            {WINDOWS.map((w) => (
              <th scope="col">{w.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Availability</th>
            {WINDOWS.map((_w, i) => (
              <td class="stat">{cell(i, 'availability', (v) => formatPercent(v))}</td>
            ))}
          </tr>
          {p95 ? (
            <tr>
              <th scope="row">{`${PRIMARY_LABEL[props.check.checkType] ?? 'Response time'} P95`}</th>
              {WINDOWS.map((_w, i) => (
                <td class="stat">{cell(i, p95, formatMs)}</td>
              ))}
            </tr>
          ) : null}
        </tbody>
      </table>
      {error ? <ErrorBanner error={error} title="Figures could not be loaded" /> : null}
    </Card>
  )
}
