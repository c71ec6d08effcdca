/** A time-series chart drawn by uPlot, which is imported on first use (its own chunk, with its CSS). */
import { ErrorBanner, Loading } from '../../../ui/kit'
import { valueRange, type ChartData } from './analytics-data'
import { useLazyChart } from './use-lazy-chart'

const loadChart = () => import('./uplot-chart')

export function AnalyticsChart(props: { data: ChartData; title: string; format: (v: number) => string; axis: (v: number) => string }) {
  const { box, state } = useLazyChart(loadChart, ({ drawChart }, el, width) => drawChart(el, props.data, { width, format: props.format, axis: props.axis }), [
    props.data,
    props.format,
    props.axis,
  ])
  const range = valueRange(props.data)
  const summary = `${props.title}: ${props.data.series.length} series, ${props.data.xs.length} points${range ? `, from ${props.format(range.min)} to ${props.format(range.max)}` : ''}`
  return (
    <figure class="analytics-chart">
      <figcaption class="visually-hidden">{summary}</figcaption>
      {state === 'loading' ? <Loading label="Drawing chart…" /> : state instanceof Error ? <ErrorBanner error={state} /> : null}
      <div ref={box} class="chart-box" role="img" aria-label={summary} />
    </figure>
  )
}
