/**
 * The status-page service a check speaks for (its `triggerIncident`): while the check fails, an incident with this
 * name and severity is opened on the service, and resolved when it recovers. Services are offered from the
 * account's status pages, by page, since a person thinks of "the Shop API card of the public page".
 */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CheckboxField, SelectField, TextArea, TextField } from '../../../ui/form'
import { bool, getIn, str, type Doc, type SectionProps } from '../draft-path'

const SEVERITIES = [
  { value: 'MINOR', label: 'Minor' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'MAJOR', label: 'Major' },
  { value: 'CRITICAL', label: 'Critical' },
] as const

type Severity = (typeof SEVERITIES)[number]['value']

/** A new tie: an incident named after the check, telling subscribers. */
export const newTrigger = (serviceId: string, checkName: string): Doc => ({
  serviceId,
  severity: 'MAJOR',
  name: checkName.trim() === '' ? 'Service disruption' : `${checkName.trim()} is failing`,
  description: 'We are looking into it.',
  notifySubscribers: true,
})

export function StatusPageSection(props: SectionProps) {
  const pages = useApi(picketApi.statusPages.list({ limit: 100 }))
  const trigger = getIn(props.draft, 'triggerIncident')
  const tied = trigger !== null && typeof trigger === 'object'
  const serviceId = tied ? str(props.draft, 'triggerIncident.serviceId') : ''
  const seen = new Set<string>()
  const options = [{ value: '', label: pages.isLoading ? 'Loading status pages…' : 'Not tied to a status page' }]
  for (const page of pages.data?.rows ?? []) {
    for (const card of page.cards) {
      for (const service of card.services) {
        if (seen.has(service.id)) continue
        seen.add(service.id)
        options.push({ value: service.id, label: `${page.name}: ${service.name}` })
      }
    }
  }
  if (serviceId !== '' && !seen.has(serviceId)) options.push({ value: serviceId, label: 'A service on no status page' })
  const choose = (id: string) => {
    if (id === '') props.set('triggerIncident', null)
    else if (tied) props.set('triggerIncident.serviceId', id)
    else props.set('triggerIncident', newTrigger(id, str(props.draft, 'name')))
  }
  const at = (p: string) => `triggerIncident.${p}`
  const noServices = pages.data !== undefined && seen.size === 0
  return (
    <fieldset>
      <legend>Status page</legend>
      <SelectField
        label="Status page service"
        path={at('serviceId')}
        errors={props.errors}
        value={serviceId}
        options={options}
        onValue={choose}
        hint={
          pages.error
            ? `Status pages could not be loaded: ${pages.error.message}`
            : noServices
              ? 'No status page shows a service yet: add one to a status page first.'
              : 'While this check fails, the service shows an incident, resolved when the check passes again.'
        }
      />
      {tied ? (
        <>
          <div class="row">
            <SelectField<Severity>
              label="Severity"
              path={at('severity')}
              errors={props.errors}
              value={str(props.draft, at('severity'), 'MAJOR') as Severity}
              options={SEVERITIES}
              onValue={(v) => props.set(at('severity'), v)}
            />
            <TextField
              label="Incident name"
              path={at('name')}
              errors={props.errors}
              value={str(props.draft, at('name'))}
              maxLength={255}
              onValue={(v) => props.set(at('name'), v)}
            />
          </div>
          <TextArea
            label="Incident description"
            path={at('description')}
            errors={props.errors}
            rows={2}
            value={str(props.draft, at('description'))}
            onValue={(v) => props.set(at('description'), v)}
            hint="Shown on the status page. At most 500 characters."
          />
          <CheckboxField
            label="Notify the page's subscribers"
            path={at('notifySubscribers')}
            errors={props.errors}
            checked={bool(props.draft, at('notifySubscribers'), true)}
            onChecked={(v) => props.set(at('notifySubscribers'), v)}
          />
        </>
      ) : null}
    </fieldset>
  )
}
