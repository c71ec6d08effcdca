/** The group form (new and edit): it edits a draft that starts as the loaded group; the API judges the result. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useLocation } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApiMutation } from '../../api/hooks'
import { useSession } from '../../api/session'
import { FormError, fieldErrorsOf } from '../../ui/form'
import { Button, ConfirmButton, ErrorBanner, Notice } from '../../ui/kit'
import { list, setIn, type Doc } from '../check-form/draft-path'
import { AlertingSection } from '../check-form/sections/alerting'
import { GeneralSection } from '../check-form/sections/general'
import { RetrySection } from '../check-form/sections/retry'
import { EnvVarRows, type EnvVar } from './env-vars'
import { ApiDefaultsSection, GroupRunSection } from './group-sections'
import { toGroupBody } from './group-draft'
import '../check-form/check-form.css'
import './groups.css'

const SHOWN = [
  'name',
  'activated',
  'muted',
  'tags',
  'concurrency',
  'runParallel',
  'locations',
  'privateLocations',
  'apiCheckDefaults',
  'useGlobalAlertSettings',
  'alertSettings',
  'alertChannelSubscriptions',
  'retryStrategy',
  'environmentVariables',
]

export function GroupForm(props: { initial: Doc; groupId?: string; onSaved: (group: Doc) => void }) {
  const session = useSession()
  const canWrite = session.can('write')
  const [, navigate] = useLocation()
  const [draft, setDraft] = useState<Doc>(props.initial)
  // What the server holds now (which variables are stored secrets); the form stays mounted across saves.
  const [stored, setStored] = useState<Doc>(props.initial)
  const formRef = useRef<HTMLFormElement>(null)
  const set = (path: string, value: unknown) => setDraft((d) => setIn(d, path, value))
  const save = useApiMutation(
    (body: Doc) => (props.groupId ? picketApi.groups.update(props.groupId, body) : picketApi.groups.create(body)),
    [picketApi.groups.root, picketApi.checks.root],
  )
  const remove = useApiMutation(() => picketApi.groups.remove(props.groupId ?? ''), [picketApi.groups.root])
  const errors = fieldErrorsOf(save.error)
  const sectionProps = { draft, set, errors }

  useEffect(() => {
    if (save.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field-invalid input, .field-invalid select')?.focus()
  }, [save.error])

  const submit = (e: Event) => {
    e.preventDefault()
    if (!canWrite) return
    save.mutate(toGroupBody(draft), {
      onSuccess: (group) => {
        setDraft(group)
        setStored(group)
        props.onSaved(group)
      },
    })
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate class="cf-form">
      {canWrite ? null : <Notice kind="warning">Your role can read groups but not change them, so this form is read-only.</Notice>}
      <FormError error={save.error} shown={SHOWN} />
      <fieldset class="cf-plain" disabled={!canWrite}>
        <GeneralSection {...sectionProps} />
        <GroupRunSection {...sectionProps} />
        <ApiDefaultsSection {...sectionProps} />
        <EnvVarRows
          rows={list<EnvVar>(draft, 'environmentVariables')}
          stored={list<EnvVar>(stored, 'environmentVariables')}
          onRows={(r) => set('environmentVariables', r)}
          errors={errors}
        />
        <RetrySection {...sectionProps} allowFallback />
        <AlertingSection {...sectionProps} group />
      </fieldset>
      {canWrite ? (
        <div class="form-actions cf-actions">
          <Button type="submit" variant="primary" busy={save.isPending}>
            {props.groupId ? 'Save changes' : 'Create group'}
          </Button>
          <Button onClick={() => navigate('/groups')}>Cancel</Button>
          {props.groupId ? (
            <span class="cf-delete">
              <ConfirmButton
                label="Delete group"
                confirm={`Delete the group "${String(draft.name ?? '')}"? A group that still contains checks cannot be deleted.`}
                busy={remove.isPending}
                onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/groups') })}
              />
            </span>
          ) : null}
        </div>
      ) : null}
      <ErrorBanner error={remove.error} title="The group could not be deleted" />
    </form>
  )
}
