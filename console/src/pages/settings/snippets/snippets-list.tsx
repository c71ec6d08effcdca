/** /snippets: reusable Node.js code for the setup and teardown of checks and groups. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { timeAgo } from '../../../lib/format'
import { LinkButton, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import type { Snippet } from './snippet-types'
import '../shared/settings.css'

export default function SnippetsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Snippets"
        subtitle="Reusable code that checks and groups run before (setup) or after (teardown) their requests."
        actions={
          canWrite ? (
            <LinkButton href="/snippets/new" variant="primary">
              New snippet
            </LinkButton>
          ) : null
        }
      />
      <PagedTable<Snippet>
        list={picketApi.snippets.list}
        caption="Snippets"
        empty={{ title: 'No snippets yet', body: <p>Write code once and use it in many checks.</p> }}
        columns={[
          { label: 'Name', cell: (s) => <Link href={`/snippets/${s.id}`}>{s.name}</Link> },
          { label: 'Lines', class: 'num', cell: (s) => s.script.split('\n').length },
          { label: 'Updated', cell: (s) => timeAgo(s.updated_at ?? s.created_at) },
        ]}
      />
    </>
  )
}
