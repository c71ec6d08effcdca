/** /groups: every check group with its checks' state (worst first, and how many in each), its settings and tags. */
import { useMemo, useState } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { useSession } from '../../api/session'
import { Badge, Button, Empty, ErrorBanner, LinkButton, Loading, PageHeader, TableWrap } from '../../ui/kit'
import { useDocumentTitle } from '../../ui/title'
import { describeCounts, stateCounts, worstState } from '../checks/home/state-counts'
import { StatusBadge } from '../checks/status-badge'
import type { CheckStatus } from '../checks/types'
import './groups.css'

const PAGE = 50
const LIVE_MS = 10_000

/** A group's checks summed up: how many, the worst state among them and how many stand in each state. */
function GroupState(props: { id: number; statuses: Map<string, CheckStatus> | undefined }) {
  const checks = useApi(picketApi.groups.checks(props.id, { limit: 100 }), { refetchInterval: 30_000 })
  if (checks.error) return <span class="muted">–</span>
  if (!checks.data || !props.statuses) return <span class="muted">…</span>
  const total = checks.data.total ?? checks.data.rows.length
  if (total === 0) return <span class="muted">No checks</span>
  const counts = stateCounts(checks.data.rows.map((c) => props.statuses?.get(c.id)?.status))
  const worst = worstState(counts)
  return (
    <span class="gr-state">
      <StatusBadge status={worst} />
      <span class="small">
        {total} {total === 1 ? 'check' : 'checks'}: {describeCounts(counts)}
        {total > checks.data.rows.length ? ` (of the first ${checks.data.rows.length})` : ''}
      </span>
    </span>
  )
}

export default function GroupList() {
  useDocumentTitle('Groups')
  const session = useSession()
  const [page, setPage] = useState(1)
  const groups = useApi(picketApi.groups.list({ limit: PAGE, page }))
  const statuses = useApi(picketApi.checkResults.statuses(), { refetchInterval: LIVE_MS })
  const statusById = useMemo(() => (statuses.data ? new Map(statuses.data.map((s) => [s.checkId, s])) : undefined), [statuses.data])
  const total = groups.data?.total ?? null
  const pages = total === null ? 1 : Math.max(1, Math.ceil(total / PAGE))
  return (
    <>
      <PageHeader
        title="Groups"
        subtitle="Groups share locations, alerting, variables and API defaults between checks."
        actions={
          session.can('write') ? (
            <LinkButton href="/groups/new" variant="primary">
              New group
            </LinkButton>
          ) : null
        }
      />
      {groups.isLoading ? <Loading label="Loading groups…" /> : null}
      <ErrorBanner error={groups.error} title="Groups could not be loaded" />
      <ErrorBanner error={statuses.error} title="The checks' states could not be loaded" />
      {groups.data && groups.data.rows.length === 0 ? (
        <Empty title="No groups yet">
          <p>Group checks that belong together to set their locations, alerts and variables in one place.</p>
          {session.can('write') ? (
            <LinkButton href="/groups/new" variant="primary">
              New group
            </LinkButton>
          ) : null}
        </Empty>
      ) : null}
      {groups.data && groups.data.rows.length > 0 ? (
        <TableWrap label="Groups" class="gr-table">
          <table class="gr-list">
            <caption class="visually-hidden">Groups</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Checks</th>
                <th scope="col">Settings</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.rows.map((g) => (
                <tr key={g.id} data-group-id={g.id}>
                  <td class="gr-name">
                    <Link href={`/groups/${g.id}`}>{g.name}</Link>
                  </td>
                  <td>
                    <GroupState id={g.id} statuses={statusById} />
                  </td>
                  <td>
                    {g.activated ? <Badge tone="ok">activated</Badge> : <Badge tone="muted">deactivated</Badge>} {g.muted ? <Badge tone="muted">muted</Badge> : null}
                  </td>
                  <td>
                    <span class="gr-tags">
                      {(g.tags ?? []).map((t) => (
                        <Badge tone="info">{t}</Badge>
                      ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages > 1 ? (
        <div class="form-actions">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span class="muted">
            Page {page} of {pages}
          </span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </>
  )
}
