/** The timing phases of a run as a waterfall of bars proportional to time (plain elements, no chart library). */
import { formatMs } from '../../../lib/format'
import { pingBars, waterfallLayout } from './waterfall-layout'

export function Waterfall(props: { phases: Record<string, unknown> }) {
  const { rows, total } = waterfallLayout(props.phases)
  if (rows.length === 0) return null
  return (
    <figure class="waterfall">
      <figcaption class="visually-hidden">Timing phases, total {formatMs(total)}</figcaption>
      <ol>
        {rows.map((r) => (
          <li class="waterfall-row" key={r.phase}>
            <span class="waterfall-label">{r.label}</span>
            <span class="waterfall-track" aria-hidden="true">
              <span class={`waterfall-bar phase-${r.phase}`} style={{ left: `${r.left}%`, width: `${r.width}%` }} />
            </span>
            <span class="waterfall-value num">{formatMs(r.duration)}</span>
          </li>
        ))}
        <li class="waterfall-row waterfall-total">
          <span class="waterfall-label">Total</span>
          <span class="waterfall-track" aria-hidden="true" />
          <span class="waterfall-value num">{formatMs(total)}</span>
        </li>
      </ol>
    </figure>
  )
}

export function PingBars(props: { pings: Array<{ rtt?: number | null; sequence?: number }> }) {
  const bars = pingBars(props.pings)
  if (bars.length === 0) return null
  return (
    <figure class="waterfall">
      <figcaption class="visually-hidden">Round-trip time of each echo request</figcaption>
      <ol>
        {bars.map((b) => (
          <li class="waterfall-row" key={b.label}>
            <span class="waterfall-label">Echo {b.label}</span>
            <span class="waterfall-track" aria-hidden="true">
              <span class="waterfall-bar phase-firstByte" style={{ left: '0%', width: `${b.width}%` }} />
            </span>
            <span class="waterfall-value num">{b.time === null ? 'lost' : formatMs(b.time)}</span>
          </li>
        ))}
      </ol>
    </figure>
  )
}
