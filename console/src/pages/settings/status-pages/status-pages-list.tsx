/** /pages/status-pages: public pages telling users how your services are doing, and the services they show. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { CursorTable } from '../shared/cursor-table'
import { ServicesCard } from './services-card'
import { LivePageLink } from './status-page-page'
import type { StatusPage } from './status-page-types'
import '../shared/settings.css'

export default function StatusPagesList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Status pages"
        subtitle="Pages that tell your users how your services are doing, with incidents and subscriptions."
        actions={
          canWrite ? (
            <LinkButton href="/pages/status-pages/new" variant="primary">
              New status page
            </LinkButton>
          ) : null
        }
      />
      <CursorTable<StatusPage>
        list={picketApi.statusPages.list}
        caption="Status pages"
        empty={{ title: 'No status pages yet', body: <p>Add services below, then a page that shows them.</p> }}
        columns={[
          { label: 'Name', cell: (p) => <Link href={`/pages/status-pages/${p.id}`}>{p.name}</Link> },
          { label: 'Address', cell: (p) => <code>{p.customDomain ?? `/status-pages/${p.url}`}</code> },
          { label: 'Services', class: 'num', cell: (p) => p.cards.reduce((n, c) => n + c.services.length, 0) },
          { label: 'Access', cell: (p) => (p.isPrivate ? <Badge tone="degraded">private</Badge> : <Badge tone="info">public</Badge>) },
          { label: 'Live', cell: (p) => <LivePageLink page={p} /> },
        ]}
      />
      <ServicesCard />
    </>
  )
}
