/** /groups: every check group with its number of checks, state and tags. */
import { useState } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { useSession } from '../../api/session'
import { Badge, Button, Empty, ErrorBanner, LinkButton, Loading, PageHeader } from '../../ui/kit'
import './groups.css'

const PAGE = 50

/** Checks in a group: the total of its check list (one row asked for). */
function CheckCount(props: { id: number }) {
  const count = useApi(picketApi.groups.checks(props.id, { limit: 1 }))
  if (count.error) return <span class="muted">–</span>
  return <span>{count.data ? (count.data.total ?? count.data.rows.length) : '…'}</span>
}

export default function GroupList() {
  const session = useSession()
  const [page, setPage] = useState(1)
  const groups = useApi(picketApi.groups.list({ limit: PAGE, page }))
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
        <div class="table-wrap gr-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Checks</th>
                <th scope="col">State</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.rows.map((g) => (
                <tr>
                  <td>
                    <Link href={`/groups/${g.id}`}>{g.name}</Link>
                  </td>
                  <td>
                    <CheckCount id={g.id} />
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
        </div>
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
