/** The fields of a status page: name, address, branding, theme, privacy and its cards of services. */
import { useApi } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { CheckboxField, fieldErrorsOf, FormError, SelectField, TextArea, TextField } from '../../../ui/form'
import { FormActions } from '../shared/form-actions'
import { onSubmit, useForm } from '../shared/use-form'
import { useSaveResource } from '../shared/use-save'
import { CardsEditor, type CardDraft } from './cards-editor'
import { THEMES, type StatusPage } from './status-page-types'

interface Draft {
  name: string
  url: string
  customDomain: string
  logo: string
  logoDark: string
  favicon: string
  redirectTo: string
  defaultTheme: (typeof THEMES)[number]
  description: string
  isPrivate: boolean
  cards: CardDraft[]
}

const draftOf = (p?: StatusPage): Draft => ({
  name: p?.name ?? '',
  url: p?.url ?? '',
  customDomain: p?.customDomain ?? '',
  logo: p?.logo ?? '',
  logoDark: p?.logoDark ?? '',
  favicon: p?.favicon ?? '',
  redirectTo: p?.redirectTo ?? '',
  defaultTheme: p?.defaultTheme ?? 'AUTO',
  description: p?.description ?? '',
  isPrivate: p?.isPrivate ?? false,
  cards: (p?.cards ?? []).map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, serviceIds: c.services.map((s) => s.id) })),
})

const orNull = (s: string) => (s.trim() === '' ? null : s.trim())
const bodyOf = (d: Draft) => ({
  name: d.name,
  url: d.url.trim(),
  customDomain: orNull(d.customDomain),
  logo: orNull(d.logo),
  logoDark: orNull(d.logoDark),
  favicon: orNull(d.favicon),
  redirectTo: orNull(d.redirectTo),
  defaultTheme: d.defaultTheme,
  description: orNull(d.description),
  isPrivate: d.isPrivate,
  cards: d.cards.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, services: c.serviceIds })),
})
const SHOWN = ['name', 'url', 'customDomain', 'logo', 'logoDark', 'favicon', 'redirectTo', 'defaultTheme', 'description', 'isPrivate', 'cards']

export function StatusPageForm(props: { page?: StatusPage }) {
  const p = props.page
  const canWrite = useSession().can('write')
  const services = useApi(picketApi.services.list({ limit: 100 }))
  const { value: d, set } = useForm<Draft>(draftOf(p))
  const { save, remove, submit, removeAndLeave } = useSaveResource({
    resource: picketApi.statusPages,
    id: p?.id,
    listHref: '/pages/status-pages',
    idOf: (r) => r.id,
  })
  const errors = fieldErrorsOf(save.error)
  return (
    <form class="settings-form card" onSubmit={onSubmit(() => submit(bodyOf(d)))} noValidate>
      <FormError error={save.error ?? remove.error} shown={SHOWN} />
      {save.isSuccess && p ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      <fieldset disabled={!canWrite}>
        <legend>Page</legend>
        <TextField label="Name" path="name" errors={errors} value={d.name} onValue={set('name')} />
        <TextArea label="Description" path="description" errors={errors} rows={2} value={d.description} onValue={set('description')} hint="At most 500 characters." />
        <div class="row">
          <TextField
            label="URL slug"
            path="url"
            errors={errors}
            class="mono"
            value={d.url}
            onValue={set('url')}
            hint="The page's address: /status-pages/<slug>. Letters, digits and dashes."
          />
          <TextField label="Custom domain" path="customDomain" errors={errors} value={d.customDomain} onValue={set('customDomain')} hint="Optional, e.g. status.example.com." />
        </div>
        <div class="row">
          <TextField label="Logo URL" path="logo" errors={errors} value={d.logo} onValue={set('logo')} />
          <TextField label="Dark logo URL" path="logoDark" errors={errors} value={d.logoDark} onValue={set('logoDark')} />
        </div>
        <div class="row">
          <TextField label="Favicon URL" path="favicon" errors={errors} value={d.favicon} onValue={set('favicon')} />
          <TextField label="Logo link" path="redirectTo" errors={errors} value={d.redirectTo} onValue={set('redirectTo')} />
          <SelectField
            label="Theme"
            path="defaultTheme"
            errors={errors}
            value={d.defaultTheme}
            options={THEMES.map((t) => ({ value: t, label: t === 'AUTO' ? 'Follow the visitor' : t === 'LIGHT' ? 'Light' : 'Dark' }))}
            onValue={set('defaultTheme')}
          />
        </div>
        <CheckboxField label="Private (the page answers 403 to visitors)" path="isPrivate" errors={errors} checked={d.isPrivate} onChecked={set('isPrivate')} />
      </fieldset>
      <fieldset disabled={!canWrite} class="plain-fieldset">
        <CardsEditor cards={d.cards} onChange={set('cards')} services={services.data?.rows ?? []} errors={errors} />
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={p ? 'Save status page' : 'Create status page'}
          busy={save.isPending}
          cancelHref="/pages/status-pages"
          remove={
            p
              ? {
                  label: 'Delete status page',
                  confirm: `Delete the status page "${p.name}" and its subscriptions?`,
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
