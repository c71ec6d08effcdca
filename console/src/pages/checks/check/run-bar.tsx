/**
 * The bar of a check's last runs: one slot per run, oldest on the left, each a link to its result. Outcomes differ by
 * height and pattern as well as colour (failed full height, degraded striped at three quarters, passed half), and
 * each slot names its time, location, duration and outcome.
 */
import { Link } from 'wouter-preact'
import { formatDateTime, formatMs } from '../../../lib/format'
import { checkPath } from './frame'
import { OUTCOME_WORDS, outcomeCounts, runSlots, type RunLike } from '../run-slots'

export function RunBar(props: { checkId: string; runs: readonly RunLike[]; limit?: number; compact?: boolean }) {
  const slots = runSlots(props.runs, props.limit ?? 60, { time: formatDateTime, duration: formatMs })
  if (slots.length === 0) return <p class="muted">No runs yet.</p>
  const counts = outcomeCounts(slots)
  const summary = `Last ${slots.length} runs, oldest first: ${counts.passed} passed, ${counts.degraded} degraded, ${counts.failed} failed`
  return (
    <div class={`run-bar-wrap${props.compact ? ' run-bar-compact' : ''}`}>
      <ol class="run-bar" aria-label={summary} data-outcomes={slots.map((s) => s.outcome).join(',')}>
        {slots.map((s) => (
          <li key={s.id}>
            <Link
              href={checkPath(props.checkId, `/results/${encodeURIComponent(s.id)}`)}
              class={`run-slot run-${s.outcome}`}
              title={s.label}
              aria-label={s.label}
              data-outcome={s.outcome}
            >
              <span class="run-slot-mark" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ol>
      {props.compact ? null : (
        <p class="run-bar-legend small muted" aria-hidden="true">
          {(['passed', 'degraded', 'failed'] as const).map((o) => (
            <span class="run-bar-key">
              <span class={`run-slot run-${o}`}>
                <span class="run-slot-mark" />
              </span>
              {OUTCOME_WORDS[o]} {counts[o]}
            </span>
          ))}
          <span class="run-bar-span">oldest ← → newest</span>
        </p>
      )}
    </div>
  )
}
