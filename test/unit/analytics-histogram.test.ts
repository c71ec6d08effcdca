import { describe, expect, it } from 'vitest'
import { addValue, decodeHistogram, emptyHistogram, encodeHistogram, mergeInto, quantile, stddev, type Histogram } from '../../src/analytics/histogram.js'
import { roundDecimal } from '../../src/analytics/series.js'

const of = (values: number[]): Histogram => {
  const h = emptyHistogram()
  for (const v of values) addValue(h, v)
  return h
}

/** Nearest rank: the ⌈q·n⌉-th smallest value. */
const exact = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(1, Math.ceil(q * sorted.length - 1e-9)) - 1] as number
}

/** A deterministic pseudo-random source, so the data are the same on every run. */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
}

describe('histograms', () => {
  it('give the nearest-rank percentile of small sets within 1%', () => {
    const values = [50, 100, 150, 200, 300, 400]
    const h = of(values)
    for (const [q, want] of [
      [0.5, 150],
      [0.9, 400],
      [0.95, 400],
      [0.99, 400],
      [0.01, 50],
      [0.34, 150],
      [0.67, 300],
    ] as const) {
      expect(Math.abs((quantile(h, q) as number) - want) / want).toBeLessThanOrEqual(0.01)
      expect(exact(values, q)).toBe(want)
    }
    expect(quantile(of([42]), 0.99)).toBe(42)
    expect(quantile(emptyHistogram(), 0.5)).toBeNull()
  })

  it.each([
    ['response times (log-normal)', (r: () => number) => Math.exp(4 + 1.2 * Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r()))],
    ['phases with zeros and sub-millisecond values', (r: () => number) => (r() < 0.2 ? 0 : r() * 2)],
    ['a long tail up to the 30 s limit', (r: () => number) => Math.min(30_000, 20 / (r() + 0.0005))],
  ])('keep every percentile of 20,000 %s within 1%% across merged buckets', (_name, draw) => {
    const r = random(7)
    const values = Array.from({ length: 20_000 }, () => draw(r))
    // 40 buckets stored and merged, as a query over 40 hours does.
    const merged = emptyHistogram()
    for (let i = 0; i < 40; i++) mergeInto(merged, decodeHistogram(encodeHistogram(of(values.slice(i * 500, (i + 1) * 500)))))
    for (const q of [0.01, 0.5, 0.9, 0.95, 0.99, 0.999]) {
      const want = exact(values, q)
      const got = quantile(merged, q) as number
      expect(want === 0 ? got : Math.abs(got - want) / want, `q=${q}`).toBeLessThanOrEqual(0.01)
    }
    expect(merged.n).toBe(20_000)
    expect(merged.min).toBe(Math.min(...values))
    expect(merged.max).toBe(Math.max(...values))
    expect(merged.sum).toBeCloseTo(
      values.reduce((a, b) => a + b, 0),
      3,
    )
  })

  it('compute the population standard deviation exactly', () => {
    expect(stddev(of([50, 100, 150, 200, 300, 400]))).toBeCloseTo(119.0238, 3)
    expect(stddev(of([5, 5, 5]))).toBe(0)
    expect(stddev(emptyHistogram())).toBeNull()
  })

  it('survive storage unchanged', () => {
    const h = of([0, 0, 0.4, 12.5, 12.6, 99, 1000, 29_999])
    const back = decodeHistogram(encodeHistogram(h))
    expect(encodeHistogram(back)).toBe(encodeHistogram(h))
    expect([back.n, back.sum, back.min, back.max, back.zeros]).toEqual([8, h.sum, 0, 29_999, 2])
    for (const q of [0.25, 0.5, 0.9, 1]) expect(quantile(back, q)).toBe(quantile(h, q))
    expect(decodeHistogram(encodeHistogram(emptyHistogram())).n).toBe(0)
  })
})

describe('rounding of analytics values', () => {
  it.each([
    [9.975 / 3, 2, 3.33], // 332.49999999999994 when scaled: a tie in decimal, so up
    [1.005, 2, 1.01],
    [3.3249, 2, 3.32],
    [66.666666, 4, 66.6667],
    [0, 2, 0],
  ])('rounds %f to %i decimals as %f', (v, digits, expected) => {
    expect(roundDecimal(v, digits)).toBe(expected)
  })
})
