/** /pages/status-pages/new and /:id: one status page, with a link to its live page. */
import { picketApi } from '../../../api/endpoints'
import { ResourcePage } from '../shared/resource-page'
import { StatusPageForm } from './status-page-form'
import { livePageUrl, type StatusPage } from './status-page-types'
import '../shared/settings.css'

export function LivePageLink(props: { page: StatusPage }) {
  return (
    <a href={livePageUrl(props.page)} target="_blank" rel="noopener noreferrer" class="btn btn-secondary">
      Open live page
    </a>
  )
}

export default function StatusPagePage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<StatusPage>
      id={props.params.id}
      get={picketApi.statusPages.get}
      back={{ href: '/pages/status-pages', label: 'Status pages' }}
      newTitle="New status page"
      title={(p) => p.name}
      subtitle={(p) => <LivePageLink page={p} />}
    >
      {(p) => <StatusPageForm key={p?.id ?? 'new'} page={p} />}
    </ResourcePage>
  )
}
