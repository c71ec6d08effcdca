/** The checks in a group, linked to their pages. */
import { Link } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { Badge, Card, ErrorBanner, Loading } from '../../ui/kit'

export function GroupChecks(props: { groupId: string }) {
  const checks = useApi(picketApi.groups.checks(props.groupId, { limit: 100 }))
  return (
    <Card title={`Checks${checks.data?.total !== null && checks.data?.total !== undefined ? ` (${checks.data.total})` : ''}`}>
      {checks.isLoading ? <Loading label="Loading the group's checks…" /> : null}
      <ErrorBanner error={checks.error} title="The group's checks could not be loaded" />
      {checks.data && checks.data.rows.length === 0 ? <p class="muted">No checks in this group yet. Choose this group in a check's form to add it.</p> : null}
      {checks.data && checks.data.rows.length > 0 ? (
        <ul class="gr-checks">
          {checks.data.rows.map((c) => (
            <li>
              <Link href={`/checks/${c.id}`}>{c.name}</Link> <span class="muted small">{c.checkType}</span> {c.activated ? null : <Badge tone="muted">deactivated</Badge>}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}
