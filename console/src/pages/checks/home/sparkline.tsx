/** A small inline SVG of response times over 24 hours (no chart library on the home page). */
import { formatMs } from '../../../lib/format'
import type { SummaryPoint } from '../types'
import { pointsAttr, sparklinePoints } from './sparkline-points'

const W = 120
const H = 28

export function Sparkline(props: { series: SummaryPoint[]; label?: string }) {
  const spark = sparklinePoints(
    props.series.map((p) => p.responseTime),
    W,
    H,
  )
  if (!spark)
    return (
      <span class="muted" title="No runs in the last 24 hours">
        –
      </span>
    )
  const title = `${props.label ?? 'Response time, last 24 h'}: ${formatMs(spark.min)}–${formatMs(spark.max)}`
  return (
    <svg class="sparkline" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      <title>{title}</title>
      {spark.segments.map((s) => (s.length === 1 ? <circle cx={s[0]?.[0]} cy={s[0]?.[1]} r="1.5" /> : <polyline points={pointsAttr(s)} fill="none" />))}
    </svg>
  )
}
