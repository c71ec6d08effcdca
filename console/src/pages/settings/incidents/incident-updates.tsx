/** An incident's updates, oldest first, and posting a new one (or resolving it). */
import { useState } from 'preact/hooks'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { formatDateTime } from '../../../lib/format'
import { CheckboxField, fieldErrorsOf, FormError, SelectField, TextArea } from '../../../ui/form'
import { Badge, Button, Card } from '../../../ui/kit'
import { onSubmit, useForm } from '../shared/use-form'
import { STATUS_OPTIONS, STATUS_TONES, word, type Incident, type IncidentStatus } from './incident-types'

interface Draft {
  status: IncidentStatus
  description: string
  notifySubscribers: boolean
}

export function IncidentUpdates(props: { incident: Incident }) {
  const inc = props.incident
  const canWrite = useSession().can('write')
  const resolved = inc.lastUpdateStatus === 'RESOLVED'
  const [resolving, setResolving] = useState(false)
  const { value: d, set, setValue } = useForm<Draft>({ status: resolved ? 'RESOLVED' : inc.lastUpdateStatus, description: '', notifySubscribers: false })
  const post = useApiMutation((body: Draft) => picketApi.incidents.postUpdate(inc.id, body), [picketApi.incidents.root])
  const errors = fieldErrorsOf(post.error)
  const send = async (body: Draft) => {
    if (
      await post.mutateAsync(body).then(
        () => true,
        () => false,
      )
    ) {
      setValue({ status: body.status, description: '', notifySubscribers: false })
      setResolving(false)
    }
  }
  return (
    <Card title="Updates">
      <ol class="timeline">
        {inc.incidentUpdates.map((u) => (
          <li>
            <Badge tone={STATUS_TONES[u.status] ?? 'muted'}>{word(u.status)}</Badge> <span class="muted small">{formatDateTime(u.publicIncidentUpdateDate)}</span>
            {u.notifySubscribers ? <span class="muted small"> · subscribers e-mailed</span> : null}
            <p>{u.description}</p>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form class="settings-form" onSubmit={onSubmit(() => send(resolving ? { ...d, status: 'RESOLVED' } : d))} noValidate>
          <h3>{resolving ? 'Resolve the incident' : 'Post an update'}</h3>
          <FormError error={post.error} shown={['status', 'description', 'notifySubscribers']} />
          {resolving ? null : <SelectField label="Status" path="status" errors={errors} value={d.status} options={STATUS_OPTIONS} onValue={set('status')} />}
          <TextArea
            label="Message"
            path="description"
            errors={errors}
            rows={3}
            value={d.description}
            onValue={set('description')}
            hint={resolving ? 'E.g. what was fixed.' : undefined}
          />
          <CheckboxField label="E-mail the subscribers" path="notifySubscribers" errors={errors} checked={d.notifySubscribers} onChecked={set('notifySubscribers')} />
          <div class="form-actions">
            <Button variant="primary" type="submit" busy={post.isPending}>
              {resolving ? 'Resolve incident' : 'Post update'}
            </Button>
            {resolved ? null : resolving ? (
              <Button variant="ghost" onClick={() => setResolving(false)}>
                Cancel
              </Button>
            ) : (
              <Button onClick={() => setResolving(true)}>Resolve…</Button>
            )}
          </div>
        </form>
      ) : null}
    </Card>
  )
}
