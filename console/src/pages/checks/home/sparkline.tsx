/** A small inline SVG of response times: per step over 24 hours, or per run while there are few steps (no chart library on the home page). */
import { formatMs } from '../../../lib/format'
import type { CheckSummary } from '../types'
import { pointsAttr, sparkSource, sparklinePoints } from './sparkline-points'

const W = 120
const H = 28

export function Sparkline(props: { summary: CheckSummary; rangeLabel?: string }) {
  const source = sparkSource(props.summary.series, props.summary.recentRuns, props.rangeLabel ?? 'last 24 h')
  const spark = sparklinePoints(source.values, W, H)
  if (!spark)
    return (
      <span class="muted" title="No timed runs yet">
        –
      </span>
    )
  const title = `Response time, ${source.span}: ${formatMs(spark.min)}–${formatMs(spark.max)}`
  return (
    <svg class="sparkline" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-points={source.values.filter((v) => v !== null).length}>
      <title>{title}</title>
      {spark.segments.map((s) => (s.length === 1 ? <circle cx={s[0]?.[0]} cy={s[0]?.[1]} r="1.5" /> : <polyline points={pointsAttr(s)} fill="none" />))}
    </svg>
  )
}
