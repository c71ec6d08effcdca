/** Opening an incident (with its first update), or changing its name, severity and services. */
import { useLocation } from 'wouter-preact'
import type { IncidentCreate } from '../../../api/contracts'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import type { FormBody } from '../../../api/resource'
import { CheckboxField, fieldErrorsOf, FormError, SelectField, TextArea, TextField } from '../../../ui/form'
import { FormActions } from '../shared/form-actions'
import { onSubmit, useForm } from '../shared/use-form'
import { ServicesPicker } from './services-picker'
import { SEVERITY_OPTIONS, STATUS_OPTIONS, type Incident, type IncidentStatus, type Severity } from './incident-types'

interface Draft {
  name: string
  severity: Severity
  services: string[]
  status: IncidentStatus
  description: string
  notifySubscribers: boolean
}

export function IncidentForm(props: { incident?: Incident }) {
  const inc = props.incident
  const [, navigate] = useLocation()
  const canWrite = useSession().can('write')
  const { value: d, set } = useForm<Draft>({
    name: inc?.name ?? '',
    severity: inc?.severity ?? 'MINOR',
    services: inc?.services.map((s) => s.id) ?? [],
    status: 'INVESTIGATING',
    description: '',
    notifySubscribers: false,
  })
  const save = useApiMutation((body: FormBody<IncidentCreate>) => (inc ? picketApi.incidents.update(inc.id, body) : picketApi.incidents.create(body)), [picketApi.incidents.root])
  const remove = useApiMutation(() => (inc ? picketApi.incidents.remove(inc.id) : Promise.resolve()), [picketApi.incidents.root])
  const errors = fieldErrorsOf(save.error)
  const submit = async () => {
    const base = { name: d.name, severity: d.severity, services: d.services }
    const body = inc ? base : { ...base, incidentUpdates: [{ status: d.status, description: d.description, notifySubscribers: d.notifySubscribers }] }
    const saved = await save.mutateAsync(body).catch(() => null)
    if (saved && !inc) navigate(`/incidents/${saved.id}`, { replace: true })
  }
  return (
    <form class="settings-form card" onSubmit={onSubmit(submit)} noValidate>
      {inc ? <h2>Details</h2> : null}
      <FormError error={save.error ?? remove.error} shown={['name', 'severity', 'services', 'incidentUpdates']} />
      {save.isSuccess && inc ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      <fieldset disabled={!canWrite} class="plain-fieldset">
        <TextField label="Title" path="name" errors={errors} value={d.name} onValue={set('name')} />
        <SelectField label="Severity" path="severity" errors={errors} value={d.severity} options={SEVERITY_OPTIONS} onValue={set('severity')} />
        <ServicesPicker value={d.services} onChange={set('services')} errors={errors} />
        {inc ? null : (
          <fieldset>
            <legend>First update</legend>
            <SelectField label="Status" path="incidentUpdates[0].status" errors={errors} value={d.status} options={STATUS_OPTIONS} onValue={set('status')} />
            <TextArea
              label="Message"
              path="incidentUpdates[0].description"
              errors={errors}
              rows={4}
              value={d.description}
              onValue={set('description')}
              hint="What is happening, shown on the status pages."
            />
            <CheckboxField
              label="E-mail the subscribers"
              path="incidentUpdates[0].notifySubscribers"
              errors={errors}
              checked={d.notifySubscribers}
              onChecked={set('notifySubscribers')}
            />
          </fieldset>
        )}
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={inc ? 'Save incident' : 'Open incident'}
          busy={save.isPending}
          cancelHref="/incidents"
          remove={
            inc
              ? {
                  label: 'Delete incident',
                  confirm: `Delete the incident "${inc.name}" and all its updates?`,
                  busy: remove.isPending,
                  onConfirm: () =>
                    void remove.mutateAsync(undefined).then(
                      () => navigate('/incidents'),
                      () => undefined,
                    ),
                }
              : undefined
          }
        />
      ) : null}
    </form>
  )
}
