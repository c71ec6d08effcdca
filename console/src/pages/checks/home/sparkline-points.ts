/** Points of a response-time sparkline (pure): values scaled into a box, gaps where a bucket had no runs. */

export interface SparkInput {
  value: number | null
}

export interface Sparkline {
  /** One polyline per run of consecutive buckets with a value (a single value becomes a one-point segment). */
  segments: Array<Array<[number, number]>>
  min: number
  max: number
}

/**
 * Lays `values` out over `width` × `height` (y grows downwards, `pad` kept free at top and bottom). Null when no
 * bucket has a value. A flat line sits in the middle.
 */
export function sparklinePoints(values: Array<number | null>, width: number, height: number, pad = 2): Sparkline | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v))
  if (present.length === 0) return null
  const min = Math.min(...present)
  const max = Math.max(...present)
  const step = values.length > 1 ? width / (values.length - 1) : 0
  const span = max - min
  const y = (v: number) => (span === 0 ? height / 2 : pad + (1 - (v - min) / span) * (height - 2 * pad))
  const segments: Sparkline['segments'] = []
  let current: Array<[number, number]> | null = null
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      current = null
      return
    }
    const point: [number, number] = [round(values.length > 1 ? i * step : width / 2), round(y(v))]
    if (!current) segments.push((current = []))
    current.push(point)
  })
  return { segments, min, max }
}

const round = (n: number): number => Math.round(n * 10) / 10

export const pointsAttr = (segment: Array<[number, number]>): string => segment.map(([x, y]) => `${x},${y}`).join(' ')

/** Fewer steps with a value than this and the sparkline is drawn from the latest runs instead. */
export const MIN_STEPS = 6

export interface SparkSource {
  values: Array<number | null>
  /** What the line spans, for its label: "last 24 h" or "last 12 runs". */
  span: string
}

/**
 * The values a row's sparkline draws: the P95 per step over the range once enough steps have runs; before that
 * (a new check, or one that runs rarely) each of the latest runs' timings, oldest first, so a check shows a line
 * after its second run rather than one dot per hour.
 */
export function sparkSource(
  steps: ReadonlyArray<{ responseTime: number | null }>,
  runsNewestFirst: ReadonlyArray<{ responseTime: number | null }>,
  rangeLabel: string,
): SparkSource {
  const withValue = steps.filter((s) => s.responseTime !== null).length
  const timedRuns = runsNewestFirst.filter((r) => r.responseTime !== null).length
  if (withValue >= MIN_STEPS || timedRuns <= withValue) return { values: steps.map((s) => s.responseTime), span: rangeLabel }
  const values = [...runsNewestFirst].reverse().map((r) => r.responseTime)
  return { values, span: `last ${values.length === 1 ? 'run' : `${values.length} runs`}` }
}
