/** How charts print values and axis ticks, by the metric's unit. */
import { formatMs, formatPercent } from '../../../lib/format'

export const formatter =
  (unit: string | undefined) =>
  (v: number): string =>
    unit === 'milliseconds' ? formatMs(v) : unit === 'percentage' ? formatPercent(v, v >= 99 && v < 100 ? 2 : 1) : String(Math.round(v * 100) / 100)

/** Axis ticks: milliseconds keep a decimal below 10 ms so close ticks do not read the same. */
export const axisFormatter =
  (unit: string | undefined) =>
  (v: number): string => {
    const n = (x: number, d: number) => String(Number(x.toFixed(d)))
    if (unit === 'milliseconds') return v >= 1000 ? `${n(v / 1000, 2)} s` : `${n(v, v < 10 ? 1 : 0)} ms`
    if (unit === 'percentage') return `${n(v, 2)}%`
    return n(v, 2)
  }
