/**
 * Says on a check's page when its scheduled runs were skipped in the last 24 hours: the engine was behind, so runs
 * that had not started by the next slot were dropped rather than run late. Nothing is shown when none were.
 */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { Notice } from '../../../ui/kit'
import type { Check } from '../types'

const SKIPS_LIVE = { refetchInterval: 60_000 }

export function SkippedRunsNotice(props: { check: Check }) {
  const q = useApi(picketApi.skippedRuns.forCheck(props.check.id, { limit: 1 }), SKIPS_LIVE)
  const total = q.data?.total ?? 0
  if (total === 0) return null
  const last = q.data?.items[0]
  return (
    <Notice kind="warning">
      <strong>
        {total} {total === 1 ? 'run' : 'runs'} skipped in the last 24 h: the engine was behind.
      </strong>{' '}
      A scheduled run that has not started by the check's next slot is skipped instead of run late
      {last ? ` (the latest: ${new Date(last.scheduledAt).toLocaleString()} in ${last.location})` : ''}. See{' '}
      <a href="/docs#/checks/get_v1_checks__id__skipped_runs">the skipped runs</a> and “When the engine is behind” in the operations guide (docs/operations.md).
    </Notice>
  )
}
