/** /pages/dashboards: public (or key-protected) pages showing the state of chosen checks. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import { LiveLink } from './dashboard-page'
import { liveUrl, type Dashboard } from './dashboard-types'
import '../shared/settings.css'

export default function DashboardsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Dashboards"
        subtitle="Pages that show the live state of your checks, e.g. on a wall screen."
        actions={
          canWrite ? (
            <LinkButton href="/pages/dashboards/new" variant="primary">
              New dashboard
            </LinkButton>
          ) : null
        }
      />
      <PagedTable<Dashboard>
        list={picketApi.dashboards.list}
        caption="Dashboards"
        empty={{ title: 'No dashboards yet', body: <p>Share the state of your checks with a page of their own.</p> }}
        columns={[
          { label: 'Header', cell: (d) => <Link href={`/pages/dashboards/${d.dashboardId}`}>{d.header || d.customUrl}</Link> },
          { label: 'Address', cell: (d) => <code>{d.customDomain ?? `/dashboards/${d.customUrl ?? ''}`}</code> },
          { label: 'Checks', cell: (d) => (d.tags?.length ? d.tags.map((t) => <Badge tone="muted">{t}</Badge>) : 'all') },
          { label: 'Access', cell: (d) => (d.isPrivate ? <Badge tone="degraded">private</Badge> : <Badge tone="info">public</Badge>) },
          { label: 'Live', cell: (d) => <LiveLink href={liveUrl(d)} /> },
        ]}
      />
    </>
  )
}
