/** /incidents: incidents shown on status pages, newest first. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { formatDateTime, formatMs, timeAgo } from '../../../lib/format'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { CursorTable } from '../shared/cursor-table'
import { SEVERITY_TONES, STATUS_TONES, word, type Incident } from './incident-types'
import '../shared/settings.css'

export default function IncidentsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Incidents"
        subtitle="What your status pages tell users about problems, with each update."
        actions={
          canWrite ? (
            <LinkButton href="/incidents/new" variant="primary">
              New incident
            </LinkButton>
          ) : null
        }
      />
      <CursorTable<Incident>
        list={picketApi.incidents.list}
        caption="Incidents"
        empty={{ title: 'No incidents', body: <p>Open one to tell your status page visitors about a problem.</p> }}
        columns={[
          { label: 'Incident', cell: (i) => <Link href={`/incidents/${i.id}`}>{i.name}</Link> },
          { label: 'Severity', cell: (i) => <Badge tone={SEVERITY_TONES[i.severity] ?? 'muted'}>{word(i.severity)}</Badge> },
          { label: 'Status', cell: (i) => <Badge tone={STATUS_TONES[i.lastUpdateStatus] ?? 'muted'}>{word(i.lastUpdateStatus)}</Badge> },
          { label: 'Services', cell: (i) => i.services.map((s) => s.name).join(', ') },
          { label: 'Opened', cell: (i) => <span title={formatDateTime(i.created_at)}>{timeAgo(i.created_at)}</span> },
          { label: 'Duration', cell: (i) => (i.resolvedAt && i.duration !== null ? formatMs(i.duration * 1000) : 'ongoing') },
        ]}
      />
    </>
  )
}
