/**
 * The check's response-time history as a chart (uPlot loaded on first use): lines, failed and degraded marks, zoom by
 * dragging with a reset. The marks are also listed in words and counted in data attributes, for people and tests
 * that do not read the canvas.
 */
import { useState } from 'preact/hooks'
import { formatDateTime } from '../../../lib/format'
import { Button, ErrorBanner, Loading } from '../../../ui/kit'
import { markCounts, type HistoryData } from './history-data'
import type * as HistoryUplot from './history-uplot'
import { useLazyChart } from './use-lazy-chart'

const iso = (s: number) => new Date(s * 1000).toISOString()

let chartModule: Promise<typeof HistoryUplot> | null = null
/**
 * uPlot's chunk, asked for once (again after a failure): the section asks as soon as it shows, while its data is
 * still on the way, so the chart does not wait for the data and then for its code.
 */
export const loadHistoryChart = (): Promise<typeof HistoryUplot> =>
  (chartModule ??= import('./history-uplot').catch((err: unknown) => {
    chartModule = null
    throw err
  }))

export function HistoryChart(props: { data: HistoryData; title: string; format: (v: number) => string; axis: (v: number) => string }) {
  const [zoomed, setZoomed] = useState(false)
  const { box, handle, state } = useLazyChart(
    loadHistoryChart,
    ({ drawHistory }, el, width) => {
      setZoomed(false)
      return drawHistory(el, props.data, { width, format: props.format, axis: props.axis, onZoom: setZoomed })
    },
    [props.data, props.format, props.axis],
  )
  const counts = markCounts(props.data.marks)
  const summary = `${props.title}: ${props.data.lines.map((l) => l.label).join(', ')} over ${props.data.xs.length} buckets; ${counts.failed} with failed runs, ${counts.degraded} with degraded runs`
  return (
    <figure class="history-chart" data-state={state instanceof Error ? 'error' : state} data-failed-marks={counts.failed} data-degraded-marks={counts.degraded}>
      <figcaption class="visually-hidden">{summary}</figcaption>
      {state === 'loading' ? <Loading label="Drawing chart…" /> : state instanceof Error ? <ErrorBanner error={state} /> : null}
      <div ref={box} class="chart-box" role="img" aria-label={summary} />
      <div class="history-legend small muted">
        <span class="mark-key">
          <span class="mark-swatch mark-swatch-failed" aria-hidden="true" /> Failed runs ({counts.failed})
        </span>
        <span class="mark-key">
          <span class="mark-swatch mark-swatch-degraded" aria-hidden="true" /> Degraded runs ({counts.degraded})
        </span>
        <span>Drag across the chart to zoom in.</span>
        {zoomed ? (
          <span class="history-reset">
            <Button onClick={() => handle.current?.resetZoom()}>Reset zoom</Button>
          </span>
        ) : null}
      </div>
      {props.data.marks.length > 0 ? (
        <ul class="visually-hidden" aria-label="Marked times">
          {props.data.marks.slice(0, 100).map((m) => (
            <li data-mark={m.kind}>
              <time dateTime={iso(m.from)}>{formatDateTime(iso(m.from))}</time>: {m.label}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  )
}
