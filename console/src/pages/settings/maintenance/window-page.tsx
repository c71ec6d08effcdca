/** /maintenance-windows/new and /:id: a window's name, tags, times (in local time, sent as UTC) and repeat rule. */
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { CheckboxField, fieldErrorsOf, FormError, NumberField, SelectField, TextField } from '../../../ui/form'
import { fromLocalInput, localZone, toLocalInput } from '../shared/datetime'
import { FormActions } from '../shared/form-actions'
import { ResourcePage } from '../shared/resource-page'
import { formatTags, parseTags } from '../shared/tags'
import { onSubmit, useForm } from '../shared/use-form'
import { useSaveResource } from '../shared/use-save'
import { REPEAT_UNITS, type MaintenanceWindow, type RepeatUnit } from './window-types'
import '../shared/settings.css'

interface Draft {
  name: string
  tags: string
  startsAt: string
  endsAt: string
  repeats: boolean
  repeatInterval: number | null
  repeatUnit: RepeatUnit
  repeatEndsAt: string
}

const draftOf = (w?: MaintenanceWindow): Draft => ({
  name: w?.name ?? '',
  tags: formatTags(w?.tags),
  startsAt: toLocalInput(w?.startsAt),
  endsAt: toLocalInput(w?.endsAt),
  repeats: Boolean(w?.repeatUnit),
  repeatInterval: w?.repeatInterval ?? 1,
  repeatUnit: w?.repeatUnit ?? 'WEEK',
  repeatEndsAt: toLocalInput(w?.repeatEndsAt),
})

const bodyOf = (d: Draft) => ({
  name: d.name,
  tags: parseTags(d.tags),
  startsAt: fromLocalInput(d.startsAt),
  endsAt: fromLocalInput(d.endsAt),
  repeatInterval: d.repeats ? d.repeatInterval : null,
  repeatUnit: d.repeats ? d.repeatUnit : null,
  repeatEndsAt: d.repeats ? fromLocalInput(d.repeatEndsAt) : null,
})

const UNIT_OPTIONS = REPEAT_UNITS.map((u) => ({ value: u, label: { DAY: 'days', WEEK: 'weeks', MONTH: 'months' }[u] }))

function WindowForm(props: { window?: MaintenanceWindow }) {
  const w = props.window
  const canWrite = useSession().can('write')
  const { value: d, set } = useForm<Draft>(draftOf(w))
  const { save, remove, submit, removeAndLeave } = useSaveResource({
    resource: picketApi.maintenance,
    id: w?.id,
    listHref: '/maintenance-windows',
    idOf: (r) => r.id,
  })
  const errors = fieldErrorsOf(save.error)
  const zone = `Your local time (${localZone()}).`
  return (
    <form class="settings-form card" onSubmit={onSubmit(() => submit(bodyOf(d)))} noValidate>
      <FormError error={save.error ?? remove.error} shown={['name', 'tags', 'startsAt', 'endsAt', 'repeatInterval', 'repeatUnit', 'repeatEndsAt']} />
      {save.isSuccess && w ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      <fieldset disabled={!canWrite}>
        <legend class="visually-hidden">Maintenance window</legend>
        <TextField label="Name" path="name" errors={errors} value={d.name} onValue={set('name')} />
        <TextField label="Tags" path="tags" errors={errors} value={d.tags} onValue={set('tags')} hint="Comma-separated. The window silences checks having any of these tags." />
        <div class="row">
          <TextField label="Starts at" path="startsAt" errors={errors} type="datetime-local" value={d.startsAt} onValue={set('startsAt')} hint={zone} />
          <TextField label="Ends at" path="endsAt" errors={errors} type="datetime-local" value={d.endsAt} onValue={set('endsAt')} hint={zone} />
        </div>
        <CheckboxField label="Repeat" path="repeatUnit" errors={{}} checked={d.repeats} onChecked={set('repeats')} />
        {d.repeats ? (
          <div class="row">
            <NumberField label="Repeat every" path="repeatInterval" errors={errors} min={1} max={365} value={d.repeatInterval} onNumber={set('repeatInterval')} />
            <SelectField label="Repeat unit" path="repeatUnit" errors={errors} value={d.repeatUnit} options={UNIT_OPTIONS} onValue={set('repeatUnit')} />
            <TextField
              label="Repeat until"
              path="repeatEndsAt"
              errors={errors}
              type="datetime-local"
              value={d.repeatEndsAt}
              onValue={set('repeatEndsAt')}
              hint="Empty: for ever."
            />
          </div>
        ) : null}
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={w ? 'Save maintenance window' : 'Create maintenance window'}
          busy={save.isPending}
          cancelHref="/maintenance-windows"
          remove={
            w
              ? { label: 'Delete maintenance window', confirm: `Delete the maintenance window "${w.name}"?`, busy: remove.isPending, onConfirm: () => void removeAndLeave() }
              : undefined
          }
        />
      ) : null}
    </form>
  )
}

export default function WindowPage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<MaintenanceWindow>
      id={props.params.id}
      get={picketApi.maintenance.get}
      back={{ href: '/maintenance-windows', label: 'Maintenance windows' }}
      newTitle="New maintenance window"
      title={(w) => w.name}
    >
      {(w) => <WindowForm key={w?.id ?? 'new'} window={w} />}
    </ResourcePage>
  )
}
