/** A time-series chart drawn by uPlot, which is imported on first use (its own chunk, with its CSS). */
import { useEffect, useRef, useState } from 'preact/hooks'
import { ErrorBanner, Loading } from '../../../ui/kit'
import { valueRange, type ChartData } from './analytics-data'
import type { ChartHandle } from './uplot-chart'

export function AnalyticsChart(props: { data: ChartData; title: string; format: (v: number) => string; axis: (v: number) => string }) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | Error>('loading')
  useEffect(() => {
    const el = box.current
    if (!el) return
    let chart: ChartHandle | null = null
    let observer: ResizeObserver | null = null
    let live = true
    import('./uplot-chart').then(
      ({ drawChart }) => {
        if (!live) return
        el.replaceChildren()
        chart = drawChart(el, props.data, { width: Math.max(280, el.clientWidth), format: props.format, axis: props.axis })
        observer = new ResizeObserver(() => chart?.setSize(Math.max(280, el.clientWidth)))
        observer.observe(el)
        setState('ready')
      },
      (err: unknown) => live && setState(err instanceof Error ? err : new Error('The chart could not be loaded')),
    )
    return () => {
      live = false
      observer?.disconnect()
      chart?.destroy()
    }
  }, [props.data, props.format, props.axis])
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
