/** /maintenance-windows: times when alerts of checks with given tags are silenced. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { formatDateTime } from '../../../lib/format'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import { repeatText, type MaintenanceWindow } from './window-types'
import '../shared/settings.css'

export default function WindowsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Maintenance windows"
        subtitle="While a window is on, checks having any of its tags send no alerts."
        actions={
          canWrite ? (
            <LinkButton href="/maintenance-windows/new" variant="primary">
              New maintenance window
            </LinkButton>
          ) : null
        }
      />
      <PagedTable<MaintenanceWindow>
        list={picketApi.maintenance.list}
        caption="Maintenance windows"
        empty={{ title: 'No maintenance windows', body: <p>Plan one to silence alerts during deployments or upkeep.</p> }}
        columns={[
          { label: 'Name', cell: (w) => <Link href={`/maintenance-windows/${w.id}`}>{w.name}</Link> },
          { label: 'Tags', cell: (w) => (w.tags.length ? w.tags.map((t) => <Badge tone="muted">{t}</Badge>) : <span class="muted">none</span>) },
          { label: 'Starts', cell: (w) => formatDateTime(w.startsAt) },
          { label: 'Ends', cell: (w) => formatDateTime(w.endsAt) },
          { label: 'Repeats', cell: (w) => repeatText(w, formatDateTime) },
        ]}
      />
    </>
  )
}
