/**
 * How a window is read (pure): whole days from the day buckets, whole hours at their edges from the hour buckets,
 * whole five minutes at the edges of those from the five-minute buckets, and the rest at both ends from raw
 * results, so a window that cuts through a bucket counts exactly the runs inside it. A bucket level is used only
 * when every output bucket is made of whole buckets of it: days for no interval or a multiple of 1440 minutes,
 * hours for a multiple of 60, five minutes for a multiple of 5; any other interval (1, 2, 7 … minutes) is read raw.
 */
import { DAY_MS, HOUR_MS, ceilTo, floorTo } from '../domain/analytics/windows.js'
import { FINE_MS, type Level } from './rollup.js'

export type Segment = { kind: 'raw'; from: number; to: number } | { kind: 'rollup'; level: Level; from: number; to: number }

export function planSegments(from: number, to: number, intervalMs: number | null): Segment[] {
  const m1 = ceilTo(from, FINE_MS)
  const m2 = floorTo(to, FINE_MS)
  if (m1 >= m2 || (intervalMs !== null && intervalMs % FINE_MS !== 0)) return [{ kind: 'raw', from, to }]
  const segments: Segment[] = []
  const push = (s: Segment) => {
    if (s.from < s.to) segments.push(s)
  }
  const fits = (unit: number) => intervalMs === null || intervalMs % unit === 0
  const h1 = ceilTo(from, HOUR_MS)
  const h2 = floorTo(to, HOUR_MS)
  const d1 = ceilTo(from, DAY_MS)
  const d2 = floorTo(to, DAY_MS)
  push({ kind: 'raw', from, to: m1 })
  if (fits(HOUR_MS) && h1 < h2) {
    push({ kind: 'rollup', level: 5, from: m1, to: h1 })
    if (fits(DAY_MS) && d1 < d2) {
      push({ kind: 'rollup', level: 60, from: h1, to: d1 })
      push({ kind: 'rollup', level: 1440, from: d1, to: d2 })
      push({ kind: 'rollup', level: 60, from: d2, to: h2 })
    } else push({ kind: 'rollup', level: 60, from: h1, to: h2 })
    push({ kind: 'rollup', level: 5, from: h2, to: m2 })
  } else {
    push({ kind: 'rollup', level: 5, from: m1, to: m2 })
  }
  push({ kind: 'raw', from: m2, to })
  return segments
}
