/** /incidents/new and /incidents/:id: an incident, its updates, and resolving it. */
import { picketApi } from '../../../api/endpoints'
import { Badge } from '../../../ui/kit'
import { ResourcePage } from '../shared/resource-page'
import { IncidentForm } from './incident-form'
import { IncidentUpdates } from './incident-updates'
import { SEVERITY_TONES, STATUS_TONES, word, type Incident } from './incident-types'
import '../shared/settings.css'

export default function IncidentPage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<Incident>
      id={props.params.id}
      get={picketApi.incidents.get}
      back={{ href: '/incidents', label: 'Incidents' }}
      newTitle="New incident"
      title={(i) => i.name}
      subtitle={(i) => (
        <>
          <Badge tone={SEVERITY_TONES[i.severity] ?? 'muted'}>{word(i.severity)}</Badge>{' '}
          <Badge tone={STATUS_TONES[i.lastUpdateStatus] ?? 'muted'}>{word(i.lastUpdateStatus)}</Badge> {i.services.map((s) => s.name).join(', ')}
        </>
      )}
    >
      {(i) =>
        i ? (
          <>
            <IncidentUpdates key={`${i.id}:${i.incidentUpdates.length}`} incident={i} />
            <IncidentForm key={i.id} incident={i} />
          </>
        ) : (
          <IncidentForm />
        )
      }
    </ResourcePage>
  )
}
