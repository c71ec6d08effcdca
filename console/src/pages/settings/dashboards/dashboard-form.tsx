/** The fields of a dashboard: address, header, which checks, how it pages and refreshes, what it shows. */
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { CheckboxField, fieldErrorsOf, FormError, NumberField, SelectField, TextArea, TextField } from '../../../ui/form'
import { FormActions } from '../shared/form-actions'
import { OneTimeSecret } from '../shared/one-time-secret'
import { formatTags, parseTags } from '../shared/tags'
import { onSubmit, useForm } from '../shared/use-form'
import { useSaveResource } from '../shared/use-save'
import { DEFAULTS, PAGINATION_RATES, REFRESH_RATES, TOGGLES, WIDTHS, type Dashboard, type DashboardSettings } from './dashboard-types'

type Draft = Omit<DashboardSettings, 'tags'> & { tags: string }
const SHOWN = [
  'header',
  'description',
  'customUrl',
  'customDomain',
  'logo',
  'favicon',
  'link',
  'tags',
  'useTagsAndOperator',
  'width',
  'refreshRate',
  'paginate',
  'paginationRate',
  'checksPerPage',
  'customCSS',
  'isPrivate',
  ...TOGGLES.map((t) => t.key),
]
const seconds = (n: number) => ({ value: String(n), label: n < 60 ? `${n} seconds` : `${n / 60} minute${n === 60 ? '' : 's'}` })
/** The settings of a stored dashboard (without its id, keys and times), or the defaults. */
const settingsOf = (db?: Dashboard): DashboardSettings => {
  const out: Record<string, unknown> = { ...DEFAULTS }
  const stored: Partial<Record<string, unknown>> = db ?? {}
  for (const k of Object.keys(DEFAULTS)) if (stored[k] !== undefined && stored[k] !== null) out[k] = stored[k]
  return out as unknown as DashboardSettings
}
const empty = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim())

export function DashboardForm(props: { dashboard?: Dashboard }) {
  const db = props.dashboard
  const canWrite = useSession().can('write')
  const { value: d, set } = useForm<Draft>({ ...settingsOf(db), tags: formatTags(db?.tags) })
  const { save, remove, submit, removeAndLeave } = useSaveResource({
    resource: picketApi.dashboards,
    id: db?.dashboardId,
    listHref: '/pages/dashboards',
    idOf: (r) => r.dashboardId,
  })
  const errors = fieldErrorsOf(save.error)
  const text = (k: 'customUrl' | 'customDomain' | 'logo' | 'favicon' | 'link' | 'description') => (v: string) => set(k)(v)
  const body = (): DashboardSettings => ({
    ...d,
    tags: parseTags(d.tags),
    customUrl: empty(d.customUrl),
    customDomain: empty(d.customDomain),
    logo: empty(d.logo),
    favicon: empty(d.favicon),
    link: empty(d.link),
    description: empty(d.description),
  })
  const freshKey = (save.data ?? db)?.keys.find((k) => k.rawKey !== k.maskedKey)?.rawKey
  return (
    <form class="settings-form card" onSubmit={onSubmit(() => submit(body()))} noValidate>
      <FormError error={save.error ?? remove.error} shown={SHOWN} />
      {save.isSuccess && db ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      {freshKey ? (
        <OneTimeSecret title="Key of this private dashboard" value={freshKey} copyLabel="Copy dashboard key">
          <p class="small">
            <strong>Copy it now: it will not be shown again.</strong> The live page asks for it.
          </p>
        </OneTimeSecret>
      ) : null}
      <fieldset disabled={!canWrite}>
        <legend>Page</legend>
        <TextField label="Header" path="header" errors={errors} value={d.header} onValue={set('header')} />
        <TextArea label="Description" path="description" errors={errors} rows={2} value={d.description ?? ''} onValue={text('description')} />
        <div class="row">
          <TextField
            label="Custom URL"
            path="customUrl"
            errors={errors}
            class="mono"
            value={d.customUrl ?? ''}
            onValue={text('customUrl')}
            hint="The page's address: /dashboards/<custom URL>. a-z, 0-9 and dashes."
          />
          <TextField
            label="Custom domain"
            path="customDomain"
            errors={errors}
            value={d.customDomain ?? ''}
            onValue={text('customDomain')}
            hint="Optional host of your own, e.g. status.example.com."
          />
        </div>
        <div class="row">
          <TextField label="Logo URL" path="logo" errors={errors} value={d.logo ?? ''} onValue={text('logo')} />
          <TextField label="Logo link" path="link" errors={errors} value={d.link ?? ''} onValue={text('link')} />
          <TextField label="Favicon URL" path="favicon" errors={errors} value={d.favicon ?? ''} onValue={text('favicon')} />
        </div>
        <CheckboxField
          label="Private (opened with a key)"
          path="isPrivate"
          errors={errors}
          checked={d.isPrivate}
          onChecked={set('isPrivate')}
          hint="A key is made when the dashboard becomes private and shown once."
        />
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>Checks shown</legend>
        <TextField label="Tags" path="tags" errors={errors} value={d.tags} onValue={set('tags')} hint="Comma-separated; empty shows every check." />
        <CheckboxField
          label="Checks must have all the tags"
          path="useTagsAndOperator"
          errors={errors}
          checked={d.useTagsAndOperator === true}
          onChecked={set('useTagsAndOperator')}
        />
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>Layout and refresh</legend>
        <div class="row">
          <SelectField
            label="Width"
            path="width"
            errors={errors}
            value={d.width}
            options={WIDTHS.map((w) => ({ value: w, label: w === 'FULL' ? 'Full width' : '960 px' }))}
            onValue={set('width')}
          />
          <SelectField
            label="Refresh every"
            path="refreshRate"
            errors={errors}
            value={String(d.refreshRate)}
            options={REFRESH_RATES.map(seconds)}
            onValue={(v) => set('refreshRate')(REFRESH_RATES.find((r) => String(r) === v) ?? d.refreshRate)}
          />
          <NumberField label="Checks per page" path="checksPerPage" errors={errors} min={1} max={20} value={d.checksPerPage} onNumber={set('checksPerPage')} hint="1 to 20." />
        </div>
        <CheckboxField label="Turn pages automatically" path="paginate" errors={errors} checked={d.paginate} onChecked={set('paginate')} />
        {d.paginate ? (
          <SelectField
            label="Next page every"
            path="paginationRate"
            errors={errors}
            value={String(d.paginationRate)}
            options={PAGINATION_RATES.map(seconds)}
            onValue={(v) => set('paginationRate')(PAGINATION_RATES.find((r) => String(r) === v) ?? d.paginationRate)}
          />
        ) : null}
        <div class="check-grid">
          {TOGGLES.map((t) => (
            <CheckboxField label={t.label} path={t.key} errors={errors} checked={d[t.key] as boolean} onChecked={(v) => set(t.key)(v as never)} />
          ))}
        </div>
        <TextArea label="Custom CSS" path="customCSS" errors={errors} mono rows={4} value={d.customCSS ?? ''} onValue={set('customCSS')} />
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={db ? 'Save dashboard' : 'Create dashboard'}
          busy={save.isPending}
          cancelHref="/pages/dashboards"
          remove={
            db
              ? {
                  label: 'Delete dashboard',
                  confirm: `Delete the dashboard "${db.header}"? Its address stops working.`,
                  busy: remove.isPending,
                  onConfirm: () => void removeAndLeave(),
                }
              : undefined
          }
        />
      ) : null}
    </form>
  )
}
