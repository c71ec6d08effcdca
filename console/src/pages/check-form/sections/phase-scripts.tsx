/** Setup and teardown scripts that run before and after an API check's request. */
import { TextArea } from '../../../ui/form'
import { str, type SectionProps } from '../draft-path'

export function PhaseScripts(props: SectionProps) {
  const field = (label: string, path: string, hint: string) => (
    <TextArea label={label} path={path} errors={props.errors} value={str(props.draft, path)} rows={4} mono hint={hint} onValue={(v) => props.set(path, v === '' ? null : v)} />
  )
  return (
    <fieldset>
      <legend>Setup and teardown</legend>
      {field('Setup script', 'localSetupScript', 'JavaScript run before the request; it may change `request` (e.g. add a token header).')}
      {field('Teardown script', 'localTearDownScript', 'JavaScript run after the request; it sees `response`.')}
    </fieldset>
  )
}
