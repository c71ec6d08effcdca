/** uPlot and its stylesheet, loaded only by the Analytics tab (dynamic import), never with the first page. */
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { colourOf, type ChartData } from './analytics-data'

export interface ChartHandle {
  setSize(width: number): void
  destroy(): void
}

export function drawChart(el: HTMLElement, data: ChartData, options: { width: number; format: (v: number) => string; axis: (v: number) => string }): ChartHandle {
  const opts: uPlot.Options = {
    width: options.width,
    height: 280,
    scales: { x: { time: true, range: () => data.range } },
    axes: [{}, { values: (_u, ticks) => ticks.map((t) => options.axis(t)), size: 70 }],
    series: [
      {},
      ...data.series.map((s, i) => ({
        label: s.label,
        stroke: colourOf(i),
        width: 1.5,
        spanGaps: false,
        points: { show: data.xs.length < 60 },
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : options.format(v)),
      })),
    ],
  }
  const aligned: uPlot.AlignedData = [data.xs, ...data.series.map((s) => s.values)]
  const plot = new uPlot(opts, aligned, el)
  return {
    setSize: (width) => plot.setSize({ width, height: 280 }),
    destroy: () => plot.destroy(),
  }
}
