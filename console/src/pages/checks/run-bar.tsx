/**
 * A bar of a check's recent runs, oldest on the left: one slot per run, told apart by shape as well as colour
 * (passed a low block, degraded a striped middle one, failed a full-height one), each titled with its time,
 * location, outcome and timing. The whole bar is one image to a screen reader, summed up in its label.
 */
import { formatDateTime, formatMs } from '../../lib/format'
import type { RecentRun } from './types'
import { OUTCOME_LABELS, runSlots, runsSummary } from './home/run-slots'
import './run-bar.css'

export const RUN_BAR_SLOTS = 30

const titleOf = (r: RecentRun, outcome: keyof typeof OUTCOME_LABELS): string =>
  `${formatDateTime(r.startedAt)} · ${r.runLocation} · ${OUTCOME_LABELS[outcome]}${r.responseTime === null ? '' : ` · ${formatMs(r.responseTime)}`}`

export function RunBar(props: { runs: readonly RecentRun[]; size?: number }) {
  const slots = runSlots(props.runs, props.size ?? RUN_BAR_SLOTS)
  return (
    <span class="run-bar" role="img" aria-label={runsSummary(props.runs.slice(0, props.size ?? RUN_BAR_SLOTS))}>
      {slots.map((s, i) =>
        s.run && s.outcome ? (
          <span key={s.run.id} class={`run-slot run-${s.outcome}`} data-outcome={s.outcome} title={titleOf(s.run, s.outcome)} />
        ) : (
          <span key={`empty-${i}`} class="run-slot run-none" />
        ),
      )}
    </span>
  )
}
