/**
 * A mergeable summary of one metric over a bucket of runs: exact count, sum, sum of squares, min and max, and a
 * DDSketch histogram (relative accuracy 1%) for percentiles. Buckets are merged by adding their bins, and
 * percentiles are read through @datadog/sketches-js, so every percentile is within 1% of the true value.
 *
 * Stored as a JSON array [n, sum, sumsq, min, max, zeros, key, count, key − previous key, count, …] (sparse bins,
 * keys delta-coded), compact for the few runs of a minute and the many of an hour alike.
 */
import { DDSketch } from '@datadog/sketches-js'

export const RELATIVE_ACCURACY = 0.01
const mapping = new DDSketch({ relativeAccuracy: RELATIVE_ACCURACY }).mapping

export interface Histogram {
  n: number
  sum: number
  sumsq: number
  min: number
  max: number
  /** Values too small to map (0 ms phases). */
  zeros: number
  bins: Map<number, number>
}

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4

export const emptyHistogram = (): Histogram => ({ n: 0, sum: 0, sumsq: 0, min: Infinity, max: -Infinity, zeros: 0, bins: new Map() })

export function addValue(h: Histogram, value: number, count = 1): void {
  h.n += count
  h.sum += value * count
  h.sumsq += value * value * count
  if (value < h.min) h.min = value
  if (value > h.max) h.max = value
  if (value <= mapping.minPossible) h.zeros += count
  else {
    const key = mapping.key(value)
    h.bins.set(key, (h.bins.get(key) ?? 0) + count)
  }
}

export function mergeInto(target: Histogram, source: Histogram): void {
  if (source.n === 0) return
  target.n += source.n
  target.sum += source.sum
  target.sumsq += source.sumsq
  if (source.min < target.min) target.min = source.min
  if (source.max > target.max) target.max = source.max
  target.zeros += source.zeros
  for (const [key, count] of source.bins) target.bins.set(key, (target.bins.get(key) ?? 0) + count)
}

export function encodeHistogram(h: Histogram): string {
  const out = [h.n, round4(h.sum), round4(h.sumsq), h.n === 0 ? 0 : h.min, h.n === 0 ? 0 : h.max, h.zeros]
  let previous = 0
  for (const key of [...h.bins.keys()].sort((a, b) => a - b)) {
    out.push(key - previous, h.bins.get(key) as number)
    previous = key
  }
  return JSON.stringify(out)
}

/** Merges a stored histogram into `target` without building an intermediate one. */
export function mergeEncoded(target: Histogram, text: string): void {
  const a = JSON.parse(text) as number[]
  const n = a[0] ?? 0
  if (n === 0) return
  target.n += n
  target.sum += a[1] ?? 0
  target.sumsq += a[2] ?? 0
  const min = a[3] ?? 0
  const max = a[4] ?? 0
  if (min < target.min) target.min = min
  if (max > target.max) target.max = max
  target.zeros += a[5] ?? 0
  let key = 0
  for (let i = 6; i + 1 < a.length; i += 2) {
    key += a[i] as number
    const count = a[i + 1] as number
    target.bins.set(key, (target.bins.get(key) ?? 0) + count)
  }
}

export const decodeHistogram = (text: string): Histogram => {
  const h = emptyHistogram()
  mergeEncoded(h, text)
  return h
}

/**
 * The nearest-rank percentile (the smallest value that at least q of the runs are at or below: the ⌈q·n⌉-th of
 * the sorted values), within 1%, clamped to [min, max]. DDSketch reads rank q'·(n−1), so q is turned into the q'
 * that lands on that element.
 */
export function quantile(h: Histogram, q: number): number | null {
  if (h.n === 0) return null
  const sketch = new DDSketch({ relativeAccuracy: RELATIVE_ACCURACY })
  if (h.zeros > 0) sketch.accept(0, h.zeros)
  for (const [key, count] of h.bins) sketch.accept(mapping.value(key), count)
  const index = Math.max(1, Math.ceil(q * h.n - 1e-9)) - 1
  const v = sketch.getValueAtQuantile(h.n === 1 ? 0 : Math.min(1, (index + 1e-6) / (h.n - 1)))
  return Math.min(h.max, Math.max(h.min, v))
}

/** Population standard deviation. */
export function stddev(h: Histogram): number | null {
  if (h.n === 0) return null
  const mean = h.sum / h.n
  return Math.sqrt(Math.max(0, h.sumsq / h.n - mean * mean))
}
