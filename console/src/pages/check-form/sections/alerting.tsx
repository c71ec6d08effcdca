/** When alerts go out (the account's settings or the check's own escalation) and to which channels. */
import { CheckboxField, SelectField } from '../../../ui/form'
import { bool, getIn, num, str, type Doc, type SectionProps } from '../draft-path'
import { ChannelSubscriptions } from './channels'

const DEFAULT_SETTINGS: Doc = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

const opts = (values: number[], label: (v: number) => string) => values.map((v) => ({ value: String(v), label: label(v) }))
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function EscalationFields(props: SectionProps) {
  const at = (p: string) => `alertSettings.${p}`
  const type = str(props.draft, at('escalationType'), 'RUN_BASED')
  const numberSelect = (label: string, path: string, values: number[], text: (v: number) => string, fallback: number) => (
    <SelectField
      label={label}
      path={at(path)}
      errors={props.errors}
      value={String(num(props.draft, at(path)) ?? fallback)}
      options={opts(values, text)}
      onValue={(v) => props.set(at(path), Number(v))}
    />
  )
  const parallelOn = bool(props.draft, at('parallelRunFailureThreshold.enabled'))
  return (
    <>
      <div class="row">
        <SelectField
          label="Escalation"
          path={at('escalationType')}
          errors={props.errors}
          value={type}
          options={[
            { value: 'RUN_BASED', label: 'After failed runs in a row' },
            { value: 'TIME_BASED', label: 'After failing for some time' },
          ]}
          onValue={(v) => props.set(at('escalationType'), v)}
        />
        {type === 'RUN_BASED'
          ? numberSelect('Failed runs before alerting', 'runBasedEscalation.failedRunThreshold', [1, 2, 3, 4, 5], (v) => plural(v, 'run'), 1)
          : numberSelect('Minutes failing before alerting', 'timeBasedEscalation.minutesFailingThreshold', [5, 10, 15, 30], (v) => plural(v, 'minute'), 5)}
      </div>
      <div class="row">
        {numberSelect('Reminders', 'reminders.amount', [0, 1, 2, 3, 4, 5, 100000], (v) => (v === 0 ? 'None' : v === 100000 ? 'Until resolved' : plural(v, 'reminder')), 0)}
        {numberSelect('Reminder interval', 'reminders.interval', [1, 2, 3, 4, 5, 10, 15, 30], (v) => `Every ${plural(v, 'minute')}`, 5)}
      </div>
      <CheckboxField
        label="Alert only when a share of parallel runs fail"
        path={at('parallelRunFailureThreshold.enabled')}
        errors={props.errors}
        checked={parallelOn}
        onChecked={(v) => props.set(at('parallelRunFailureThreshold.enabled'), v)}
      />
      {parallelOn ? numberSelect('Share of locations failing', 'parallelRunFailureThreshold.percentage', [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], (v) => `${v}%`, 10) : null}
    </>
  )
}

export function AlertingSection(props: SectionProps & { group?: boolean }) {
  const useGlobal = getIn(props.draft, 'useGlobalAlertSettings')
  // A group's null means no opinion: its checks keep their own choice; shown as the account's settings.
  const global = useGlobal !== false
  const setGlobal = (v: boolean) => {
    props.set('useGlobalAlertSettings', v)
    const current = getIn(props.draft, 'alertSettings')
    if (!v && (current === null || typeof current !== 'object')) props.set('alertSettings', { ...DEFAULT_SETTINGS })
  }
  return (
    <fieldset>
      <legend>Alerting</legend>
      <CheckboxField
        label="Use the account's alert settings"
        path="useGlobalAlertSettings"
        errors={props.errors}
        checked={global}
        onChecked={setGlobal}
        hint={props.group ? "Unchecked: the group's own escalation applies to its checks." : 'Unchecked: this check escalates with its own settings below.'}
      />
      {global ? null : <EscalationFields {...props} />}
      <ChannelSubscriptions {...props} />
    </fieldset>
  )
}
