/** /snippets/new and /snippets/:id: a snippet's name and script. */
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { fieldErrorsOf, FormError, TextArea, TextField } from '../../../ui/form'
import { FormActions } from '../shared/form-actions'
import { ResourcePage } from '../shared/resource-page'
import { onSubmit, useForm } from '../shared/use-form'
import { useSaveResource } from '../shared/use-save'
import type { Snippet } from './snippet-types'
import '../shared/settings.css'

function SnippetForm(props: { snippet?: Snippet }) {
  const s = props.snippet
  const canWrite = useSession().can('write')
  const form = useForm({ name: s?.name ?? '', script: s?.script ?? '' })
  const { save, remove, submit, removeAndLeave } = useSaveResource({ resource: picketApi.snippets, id: s?.id, listHref: '/snippets', idOf: (r) => r.id })
  const errors = fieldErrorsOf(save.error)
  return (
    <form class="settings-form script-form card" onSubmit={onSubmit(() => submit(form.value))} noValidate>
      <FormError error={save.error ?? remove.error} shown={['name', 'script']} />
      {save.isSuccess && s ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      <fieldset disabled={!canWrite}>
        <legend class="visually-hidden">Snippet</legend>
        <TextField label="Name" path="name" errors={errors} value={form.value.name} onValue={form.set('name')} />
        <TextArea label="Script" path="script" errors={errors} mono rows={18} value={form.value.script} onValue={form.set('script')} hint="Node.js code, at most 512 KiB." />
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={s ? 'Save snippet' : 'Create snippet'}
          busy={save.isPending}
          cancelHref="/snippets"
          remove={
            s
              ? {
                  label: 'Delete snippet',
                  confirm: `Delete the snippet "${s.name}"? Checks and groups using it stop running it.`,
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

export default function SnippetPage(props: { params: Record<string, string | undefined> }) {
  return (
    <ResourcePage<Snippet> id={props.params.id} get={picketApi.snippets.get} back={{ href: '/snippets', label: 'Snippets' }} newTitle="New snippet" title={(s) => s.name}>
      {(s) => <SnippetForm key={s?.id ?? 'new'} snippet={s} />}
    </ResourcePage>
  )
}
