/**
 * The history chart drawn by uPlot (loaded on first use, its own chunk): p50 dashed and p95 solid lines, failed
 * spans as red bands with a bar along the top, degraded spans as hatched amber bands with a dotted bar, and zoom by
 * dragging across the plot (double-click or the reset button zooms back out).
 */
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { colourOf } from './analytics-data'
import type { HistoryData } from './history-data'

export interface HistoryHandle {
  setSize(width: number): void
  resetZoom(): void
  destroy(): void
}

const HEIGHT = 280

function drawMarks(u: uPlot, data: HistoryData): void {
  const { ctx } = u
  const top = u.bbox.top
  const height = u.bbox.height
  ctx.save()
  ctx.beginPath()
  ctx.rect(u.bbox.left, top, u.bbox.width, height)
  ctx.clip()
  for (const m of data.marks) {
    const x0 = u.valToPos(m.from, 'x', true)
    const x1 = Math.max(x0 + 3 * devicePixelRatio, u.valToPos(m.to, 'x', true))
    if (m.kind === 'failed') {
      ctx.fillStyle = 'rgba(198, 40, 40, 0.16)'
      ctx.fillRect(x0, top, x1 - x0, height)
      ctx.fillStyle = '#c62828'
      ctx.fillRect(x0, top, x1 - x0, 4 * devicePixelRatio)
    } else {
      ctx.fillStyle = 'rgba(154, 103, 0, 0.14)'
      ctx.fillRect(x0, top, x1 - x0, height)
      ctx.fillStyle = '#9a6700'
      for (let x = x0; x < x1; x += 4 * devicePixelRatio) ctx.fillRect(x, top, 2 * devicePixelRatio, 4 * devicePixelRatio)
    }
  }
  ctx.restore()
}

export function drawHistory(
  el: HTMLElement,
  data: HistoryData,
  options: { width: number; format: (v: number) => string; axis: (v: number) => string; onZoom: (zoomed: boolean) => void },
): HistoryHandle {
  // The x axis spans the whole window asked for (not only the buckets with runs) unless a drag selected a part of it.
  let zoom: [number, number] | null = null
  const opts: uPlot.Options = {
    width: options.width,
    height: HEIGHT,
    cursor: { drag: { x: true, y: false, setScale: false } },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: true, range: () => zoom ?? data.range } },
    axes: [{}, { values: (_u, ticks) => ticks.map((t) => options.axis(t)), size: 70 }],
    series: [
      {},
      ...data.lines.map((s, i) => ({
        label: s.label,
        stroke: colourOf(data.lines.length === 2 ? i * 2 : i),
        width: s.kind === 'p95' ? 2 : 1.5,
        dash: s.kind === 'p50' ? [6, 4] : undefined,
        spanGaps: false,
        points: { show: data.xs.length < 60 },
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : options.format(v)),
      })),
    ],
    hooks: {
      drawClear: [(u) => drawMarks(u, data)],
      setSelect: [
        (u) => {
          if (u.select.width < 2) return
          const from = u.posToVal(u.select.left, 'x')
          const to = u.posToVal(u.select.left + u.select.width, 'x')
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
          if (!(to > from)) return
          zoom = [from, to]
          u.setScale('x', { min: from, max: to })
          options.onZoom(true)
        },
      ],
    },
  }
  const aligned: uPlot.AlignedData = [data.xs, ...data.lines.map((s) => s.values)]
  const plot = new uPlot(opts, aligned, el)
  const resetZoom = () => {
    zoom = null
    plot.setScale('x', { min: data.range[0], max: data.range[1] })
    options.onZoom(false)
  }
  // A double-click zooms back out, as the reset button does.
  plot.over.addEventListener('dblclick', resetZoom)
  return {
    setSize: (width) => plot.setSize({ width, height: HEIGHT }),
    resetZoom,
    destroy: () => plot.destroy(),
  }
}
