/** Browser and multi-step checks: the Playwright script in a code editor, and the runtime it runs on. */
import { SelectField } from '../../../ui/form'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CodeEditor } from '../code-editor'
import { str, type SectionProps } from '../draft-path'

export function RuntimeField(props: SectionProps) {
  const runtimes = useApi(picketApi.reference.runtimes())
  const options = [
    { value: '', label: "The account's default runtime" },
    ...(runtimes.data ?? []).map((r) => ({ value: r.name, label: `${r.name} (${r.stage.toLowerCase()}): ${r.description}` })),
  ]
  return (
    <SelectField
      label="Runtime"
      path="runtimeId"
      errors={props.errors}
      value={str(props.draft, 'runtimeId')}
      options={options}
      onValue={(v) => props.set('runtimeId', v === '' ? null : v)}
    />
  )
}

export function ScriptForm(props: SectionProps & { multiStep?: boolean; readOnly?: boolean }) {
  return (
    <fieldset>
      <legend>{props.multiStep ? 'Multi-step script' : 'Browser script'}</legend>
      <CodeEditor
        label="Script"
        path="script"
        errors={props.errors}
        value={str(props.draft, 'script')}
        readOnly={props.readOnly}
        hint={props.multiStep ? 'A Playwright Test file using `request` and test.step() for each call.' : 'A Playwright Test file run in Chromium.'}
        onValue={(v) => props.set('script', v)}
      />
      <RuntimeField {...props} />
    </fieldset>
  )
}
