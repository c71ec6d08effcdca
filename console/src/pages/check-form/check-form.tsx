/**
 * The form of every check type: shared sections (general, scheduling, retries, alerting) around the type's own
 * fields. It edits a draft that starts as the loaded check (or a new one's defaults), so fields the form does not
 * show are sent back as they were; the API judges the result and its field errors appear where they belong.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useLocation } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApiMutation } from '../../api/hooks'
import { useSession } from '../../api/session'
import { FormError, fieldErrorsOf, type FieldErrors } from '../../ui/form'
import { Button, ConfirmButton, ErrorBanner, Notice } from '../../ui/kit'
import { toBody } from './check-draft'
import type { CheckTypeInfo } from './check-types'
import { setIn, type Doc } from './draft-path'
import { AlertingSection } from './sections/alerting'
import { GeneralSection } from './sections/general'
import { RetrySection } from './sections/retry'
import { SchedulingSection } from './sections/scheduling'
import { TypeFields } from './types'
import { RunNow } from './run-now'
import { draftProblems } from './rules'
import { StatusPageSection } from './sections/status-page'
import './check-form.css'

/** Top-level fields some section shows (their errors appear there, not in the banner). */
const SHOWN = [
  'name',
  'activated',
  'muted',
  'tags',
  'groupId',
  'frequency',
  'frequencyOffset',
  'locations',
  'privateLocations',
  'runParallel',
  'doubleCheck',
  'retryStrategy',
  'useGlobalAlertSettings',
  'alertSettings',
  'alertChannelSubscriptions',
  'request',
  'degradedResponseTime',
  'maxResponseTime',
  'localSetupScript',
  'localTearDownScript',
  'heartbeat',
  'script',
  'runtimeId',
  'files',
  'testCommand',
  'installCommand',
  'workingDir',
  'playwrightVersion',
  'browsers',
  'degradedPacketLossThreshold',
  'maxPacketLossThreshold',
  'triggerIncident',
  'prompt',
  'startUrl',
  'assertions',
  'agentLimits',
]

const within = (key: string, path: string) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`)

/** The API's reasons less those about a field changed since (or one inside or around it). */
const withoutEdited = (errors: FieldErrors, edited: string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !edited.some((p) => within(k, p) || within(p, k))))

export interface CheckFormProps {
  type: CheckTypeInfo
  initial: Doc
  /** Set when editing a saved check. */
  checkId?: string
  onSaved: (check: Doc) => void
  cancelHref: string
}

export function CheckForm(props: CheckFormProps) {
  const session = useSession()
  const canWrite = session.can('write')
  const [, navigate] = useLocation()
  const [draft, setDraft] = useState<Doc>(props.initial)
  const formRef = useRef<HTMLFormElement>(null)
  const [dirty, setDirty] = useState(false)
  /** Fields changed since the last save was refused: the API's reason about them is out of date. */
  const [edited, setEdited] = useState<string[]>([])
  const set = (path: string, value: unknown) => {
    setDirty(true)
    setEdited((e) => (e.includes(path) ? e : [...e, path]))
    setDraft((d) => setIn(d, path, value))
  }
  const segment = props.type.slug
  const save = useApiMutation(
    (body: Doc) => (props.checkId ? picketApi.checks.update(segment, props.checkId, body) : picketApi.checks.create(segment, body)),
    [picketApi.checks.root, picketApi.groups.root],
  )
  const remove = useApiMutation(() => picketApi.checks.remove(props.checkId ?? ''), [picketApi.checks.root])
  // What the form finds wrong as a person types (in the API's words) shows beside what the last save was told.
  const errors = { ...withoutEdited(fieldErrorsOf(save.error), edited), ...draftProblems(draft) }

  // After a rejected save, take the keyboard to the first field the API named.
  useEffect(() => {
    if (!save.error) return
    const bad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field-invalid input, .field-invalid select, .field-invalid textarea')
    bad?.focus()
  }, [save.error])

  const submit = (e: Event) => {
    e.preventDefault()
    if (!canWrite) return
    setEdited([])
    save.mutate(toBody(draft), { onSuccess: (check) => props.onSaved(check) })
  }
  const sectionProps = { draft, set, errors }
  const scheduled = props.type.frequencies !== null

  return (
    <form ref={formRef} onSubmit={submit} noValidate class="cf-form">
      {canWrite ? null : <Notice kind="warning">Your role can read checks but not change them, so this form is read-only.</Notice>}
      <FormError error={save.error} shown={SHOWN} />
      <fieldset class="cf-plain" disabled={!canWrite}>
        <GeneralSection {...sectionProps} withGroup />
        <TypeFields {...sectionProps} slug={props.type.slug} readOnly={!canWrite} />
        {scheduled ? <SchedulingSection {...sectionProps} frequencies={props.type.frequencies ?? []} /> : null}
        {scheduled ? <RetrySection {...sectionProps} /> : null}
        <AlertingSection {...sectionProps} />
        <StatusPageSection {...sectionProps} />
      </fieldset>
      {canWrite ? (
        <div class="form-actions cf-actions">
          <Button type="submit" variant="primary" busy={save.isPending}>
            {props.checkId ? 'Save changes' : 'Create check'}
          </Button>
          <Button onClick={() => navigate(props.cancelHref)}>Cancel</Button>
          {props.checkId ? (
            <span class="cf-delete">
              <ConfirmButton
                label="Delete check"
                confirm={`Delete the check "${String(draft.name ?? '')}" and all its results? This cannot be undone.`}
                busy={remove.isPending}
                onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/') })}
              />
            </span>
          ) : null}
        </div>
      ) : (
        <div class="form-actions">
          <Button onClick={() => navigate(props.cancelHref)}>Back</Button>
        </div>
      )}
      <ErrorBanner error={remove.error} title="The check could not be deleted" />
      {props.checkId && props.type.runnable && session.can('run') ? <RunNow checkId={props.checkId} dirty={dirty} /> : null}
    </form>
  )
}
