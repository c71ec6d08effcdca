/** /private-locations/new and /:id: a location's settings, agents' health, and its agent keys. */
import { useState } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { fieldErrorsOf, FormError } from '../../../ui/form'
import { Badge, Card } from '../../../ui/kit'
import { FormActions } from '../shared/form-actions'
import { ResourcePage } from '../shared/resource-page'
import { onSubmit, useForm } from '../shared/use-form'
import { useSaveResource } from '../shared/use-save'
import { AgentKeys, NewKeyNotice } from './agent-keys'
import { LocationFields, locationBody, type LocationDraft } from './location-fields'
import { availabilityBadge, type PrivateLocation } from './location-types'
import '../shared/settings.css'

function CreateLocation() {
  const form = useForm<LocationDraft>({ name: '', slugName: '', icon: 'location', proxyUrl: '' })
  const create = useApiMutation((body: ReturnType<typeof locationBody>) => picketApi.privateLocations.create(body), [picketApi.privateLocations.root])
  const [created, setCreated] = useState<PrivateLocation | null>(null)
  const errors = fieldErrorsOf(create.error)
  if (created) {
    const raw = created.keys.find((k) => k.rawKey !== k.maskedKey)?.rawKey
    return (
      <Card title={`${created.name} was created`}>
        {raw ? <NewKeyNotice rawKey={raw} /> : null}
        <Link href={`/private-locations/${created.id}`} class="btn btn-primary">
          Open {created.name}
        </Link>
      </Card>
    )
  }
  return (
    <form class="settings-form card" onSubmit={onSubmit(() => create.mutateAsync(locationBody(form.value, true)).then(setCreated, () => undefined))} noValidate>
      <FormError error={create.error} shown={['name', 'slugName', 'icon', 'proxyUrl']} />
      <LocationFields d={form.value} set={form.set} errors={errors} creating />
      <FormActions submitLabel="Create private location" busy={create.isPending} cancelHref="/private-locations" />
    </form>
  )
}

function EditLocation(props: { location: PrivateLocation }) {
  const l = props.location
  const canWrite = useSession().can('write')
  const form = useForm<LocationDraft>({ name: l.name, slugName: l.slugName, icon: l.icon, proxyUrl: l.proxyUrl ?? '' })
  const { save, remove, submit, removeAndLeave } = useSaveResource({
    resource: picketApi.privateLocations,
    id: l.id,
    listHref: '/private-locations',
    idOf: (r) => r.id,
  })
  const errors = fieldErrorsOf(save.error)
  return (
    <>
      <Card title="Agents">
        <dl class="dl">
          <dt>Status</dt>
          <dd>
            <Badge tone={availabilityBadge(l).tone}>{availabilityBadge(l).text}</Badge>
            {l.availability === 'UNAVAILABLE' && l.availabilityChangedAt ? (
              <span class="muted">{` since ${formatDateTime(l.availabilityChangedAt)}. No checks are scheduled here until an agent connects.`}</span>
            ) : null}
          </dd>
          <dt>Connected agents</dt>
          <dd>{l.agentCount}</dd>
          <dt>Last seen</dt>
          <dd>{l.lastSeen ? <span title={formatDateTime(l.lastSeen)}>{timeAgo(l.lastSeen)}</span> : 'never'}</dd>
          <dt>Used by</dt>
          <dd>
            {l.checkAssignments} checks and {l.groupAssignments} groups
          </dd>
        </dl>
      </Card>
      <AgentKeys location={l} />
      <form class="settings-form card" onSubmit={onSubmit(() => submit(locationBody(form.value, false)))} noValidate>
        <h2>Settings</h2>
        <FormError error={save.error ?? remove.error} shown={['name', 'icon', 'proxyUrl']} />
        {save.isSuccess ? (
          <div class="banner banner-success" role="status">
            Saved.
          </div>
        ) : null}
        <fieldset disabled={!canWrite}>
          <legend class="visually-hidden">Private location</legend>
          <LocationFields d={form.value} set={form.set} errors={errors} creating={false} />
        </fieldset>
        {canWrite ? (
          <FormActions
            submitLabel="Save private location"
            busy={save.isPending}
            cancelHref="/private-locations"
            remove={{
              label: 'Delete private location',
              confirm: `Delete the private location "${l.name}" and its keys?`,
              busy: remove.isPending,
              onConfirm: () => void removeAndLeave(),
            }}
          />
        ) : null}
      </form>
    </>
  )
}

export default function LocationPage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<PrivateLocation>
      id={props.params.id}
      get={picketApi.privateLocations.get}
      back={{ href: '/private-locations', label: 'Private locations' }}
      newTitle="New private location"
      title={(l) => l.name}
      subtitle={(l) => (
        <>
          Checks name it <code>{l.slugName}</code>
        </>
      )}
    >
      {(l) => (l ? <EditLocation key={l.id} location={l} /> : <CreateLocation />)}
    </ResourcePage>
  )
}
