/** /pages/dashboards/new and /:id: one dashboard, with a link to its live page. */
import { picketApi } from '../../../api/endpoints'
import { ResourcePage } from '../shared/resource-page'
import { DashboardForm } from './dashboard-form'
import { liveUrl, type Dashboard } from './dashboard-types'
import '../shared/settings.css'

export function LiveLink(props: { href: string | null }) {
  if (!props.href) return null
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer" class="btn btn-secondary">
      Open live page
    </a>
  )
}

export default function DashboardPage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<Dashboard>
      id={props.params.id}
      get={picketApi.dashboards.get}
      back={{ href: '/pages/dashboards', label: 'Dashboards' }}
      newTitle="New dashboard"
      title={(d) => d.header}
      subtitle={(d) => <LiveLink href={liveUrl(d)} />}
    >
      {(d) => <DashboardForm key={d?.dashboardId ?? 'new'} dashboard={d} />}
    </ResourcePage>
  )
}
