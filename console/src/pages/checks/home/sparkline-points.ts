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
