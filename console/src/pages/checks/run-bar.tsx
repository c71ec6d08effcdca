/**
 * A bar of a check's recent runs in a list row, oldest on the left: one slot per run, told apart by shape as well as
 * colour (passed a low block, degraded a striped middle one, failed a full-height one), each titled with its time,
 * location, outcome and timing. The whole bar is one image to a screen reader, summed up in its label: a list of a
 * hundred checks is not three thousand links (the check page's bar links each run).
 */
import { formatDateTime, formatMs } from '../../lib/format'
import type { RecentRun } from './types'
import { RUN_BAR_SLOTS, paddedSlots, runSlots, runsSummary } from './run-slots'
import './run-bar.css'

export function RunBar(props: { runs: readonly RecentRun[]; size?: number }) {
  const size = props.size ?? RUN_BAR_SLOTS
  const slots = runSlots(props.runs, size, { time: formatDateTime, duration: formatMs })
  return (
    <span class="run-bar" role="img" aria-label={runsSummary(slots)}>
      {paddedSlots(slots, size).map((s, i) =>
        s ? <span key={s.id} class={`run-slot run-${s.outcome}`} data-outcome={s.outcome} title={s.label} /> : <span key={`empty-${i}`} class="run-slot run-none" />,
      )}
    </span>
  )
}
