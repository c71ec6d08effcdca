/**
 * A mergeable summary of one metric over a bucket of runs: exact count, sum, sum of squares, min and max, and a
 * DDSketch histogram (relative accuracy 1%) for percentiles: @datadog/sketches-js's logarithmic mapping puts
 * each value in a bin whose value is within 1% of it. Buckets are merged by adding their bins, so every
 * percentile of any merge is within 1% of the true value.
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
  /** Dense bin counts: counts[i] is the count of the bin with key first + i (merging is array addition). */
  first: number
  counts: number[]
}

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4

export const emptyHistogram = (): Histogram => ({ n: 0, sum: 0, sumsq: 0, min: Infinity, max: -Infinity, zeros: 0, first: 0, counts: [] })

function addToBin(h: Histogram, key: number, count: number): void {
  if (h.counts.length === 0) h.first = key
  else if (key < h.first) {
    const grow = h.first - key + 16 // some room below, so merges in any order seldom shift the bins again
    h.counts = new Array<number>(grow).fill(0).concat(h.counts)
    h.first -= grow
  }
  const i = key - h.first
  while (h.counts.length <= i) h.counts.push(0)
  h.counts[i] = (h.counts[i] as number) + count
}

export function addValue(h: Histogram, value: number, count = 1): void {
  h.n += count
  h.sum += value * count
  h.sumsq += value * value * count
  if (value < h.min) h.min = value
  if (value > h.max) h.max = value
  if (value <= mapping.minPossible) h.zeros += count
  else addToBin(h, mapping.key(value), count)
}

export function mergeInto(target: Histogram, source: Histogram): void {
  if (source.n === 0) return
  target.n += source.n
  target.sum += source.sum
  target.sumsq += source.sumsq
  if (source.min < target.min) target.min = source.min
  if (source.max > target.max) target.max = source.max
  target.zeros += source.zeros
  source.counts.forEach((count, i) => {
    if (count !== 0) addToBin(target, source.first + i, count)
  })
}

export function encodeHistogram(h: Histogram): string {
  const out = [h.n, round4(h.sum), round4(h.sumsq), h.n === 0 ? 0 : h.min, h.n === 0 ? 0 : h.max, h.zeros]
  let previous = 0
  h.counts.forEach((count, i) => {
    if (count === 0) return
    out.push(h.first + i - previous, count)
    previous = h.first + i
  })
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
    addToBin(target, key, a[i + 1] as number)
  }
}

export const decodeHistogram = (text: string): Histogram => {
  const h = emptyHistogram()
  mergeEncoded(h, text)
  return h
}

/**
 * The nearest-rank percentile (the smallest value that at least q of the runs are at or below: the ⌈q·n⌉-th of
 * the sorted values), within 1%: the walk over the bins in key order finds the bin holding that rank, and the
 * sketch's mapping gives the bin's value, which is within 1% of every value in the bin. Clamped to [min, max].
 */
export function quantile(h: Histogram, q: number): number | null {
  if (h.n === 0) return null
  const rank = Math.max(1, Math.ceil(q * h.n - 1e-9))
  let seen = h.zeros
  if (rank <= seen) return Math.max(h.min, 0)
  for (let i = 0; i < h.counts.length; i++) {
    seen += h.counts[i] as number
    if (seen >= rank) return Math.min(h.max, Math.max(h.min, mapping.value(h.first + i)))
  }
  return h.max
}

/** Population standard deviation. */
export function stddev(h: Histogram): number | null {
  if (h.n === 0) return null
  const mean = h.sum / h.n
  return Math.sqrt(Math.max(0, h.sumsq / h.n - mean * mean))
}
