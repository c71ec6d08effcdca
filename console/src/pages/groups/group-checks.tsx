/** The checks in a group, linked to their pages, each with its state and a bar of its latest runs. */
import { useMemo } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { Badge, Card, ErrorBanner, Loading } from '../../ui/kit'
import { describeCounts, stateCounts } from '../checks/home/state-counts'
import { useSummaries } from '../checks/home/use-summaries'
import { RunBar } from '../checks/run-bar'
import { StatusBadge } from '../checks/status-badge'
import { typeLabel } from '../checks/types'

const LIVE_MS = 10_000

export function GroupChecks(props: { groupId: string }) {
  const checks = useApi(picketApi.groups.checks(props.groupId, { limit: 100 }), { refetchInterval: 30_000 })
  const statuses = useApi(picketApi.checkResults.statuses(), { refetchInterval: LIVE_MS })
  const rows = checks.data?.rows ?? []
  const summaries = useSummaries(
    rows.map((c) => c.id),
    LIVE_MS,
  )
  const statusById = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.checkId, s])), [statuses.data])
  const counts = stateCounts(rows.map((c) => statusById.get(c.id)?.status))
  const total = checks.data?.total ?? null
  return (
    <Card title={`Checks${total !== null ? ` (${total})` : ''}`}>
      {checks.isLoading ? <Loading label="Loading the group's checks…" /> : null}
      <ErrorBanner error={checks.error} title="The group's checks could not be loaded" />
      <ErrorBanner error={statuses.error} title="The checks' states could not be loaded" />
      {checks.data && rows.length === 0 ? <p class="muted">No checks in this group yet. Choose this group in a check's form to add it.</p> : null}
      {rows.length > 0 && statuses.data ? <p class="small gr-counts">{describeCounts(counts)}</p> : null}
      {rows.length > 0 ? (
        <ul class="gr-checks">
          {rows.map((c) => (
            <li key={c.id} data-check-id={c.id}>
              <StatusBadge status={statusById.get(c.id)?.status} />
              <span class="gr-check-name">
                <Link href={`/checks/${c.id}`}>{c.name}</Link> <span class="muted small">{typeLabel(c.checkType)}</span>{' '}
                {c.activated ? null : <Badge tone="muted">deactivated</Badge>}
              </span>
              <RunBar runs={summaries.get(c.id)?.recentRuns ?? []} />
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}
