/** /alerting/settings: the account's alert settings, used by checks and groups that keep the account's settings. */
import { picketApi, type AlertSettings } from '../../../api/endpoints'
import { useApi, useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { CheckboxField, fieldErrorsOf, FormError, SelectField } from '../../../ui/form'
import { Button, Card, ErrorBanner, Loading, Notice, PageHeader } from '../../../ui/kit'
import { onSubmit, useForm } from '../shared/use-form'
import '../shared/settings.css'

const opts = (values: number[], label: (n: number) => string) => values.map((v) => ({ value: String(v), label: label(v) }))
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

const RUNS = opts([1, 2, 3, 4, 5], (n) => `after ${plural(n, 'failed run')}`)
const MINUTES = opts([5, 10, 15, 30], (n) => `after ${n} minutes failing`)
const AMOUNTS = opts([0, 1, 2, 3, 4, 5, 100000], (n) => (n === 0 ? 'No reminders' : n === 100000 ? 'Until it recovers' : plural(n, 'reminder')))
const INTERVALS = opts([1, 2, 3, 4, 5, 10, 15, 30], (n) => `every ${plural(n, 'minute')}`)
const PERCENTAGES = opts([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], (n) => `${n}% of locations`)

function SettingsForm(props: { initial: AlertSettings }) {
  const canWrite = useSession().can('write')
  const { value: s, setValue } = useForm<AlertSettings>(props.initial)
  const save = useApiMutation((body: AlertSettings) => picketApi.alerting.updateSettings(body), [picketApi.alerting.settingsRoot])
  const errors = fieldErrorsOf(save.error)
  const patch = (p: Partial<AlertSettings>) => setValue((prev) => ({ ...prev, ...p }))
  return (
    <form class="settings-form" onSubmit={onSubmit(() => save.mutateAsync(s).catch(() => undefined))} noValidate>
      <FormError error={save.error} shown={['escalationType', 'runBasedEscalation', 'timeBasedEscalation', 'reminders', 'parallelRunFailureThreshold']} />
      {save.isSuccess ? <Notice kind="success">Alert settings saved.</Notice> : null}
      <fieldset disabled={!canWrite}>
        <legend>When to alert</legend>
        <SelectField
          label="Escalation"
          path="escalationType"
          errors={errors}
          value={s.escalationType}
          options={[
            { value: 'RUN_BASED', label: 'By failed runs in a row' },
            { value: 'TIME_BASED', label: 'By time failing' },
          ]}
          onValue={(v) => patch({ escalationType: v })}
        />
        {s.escalationType === 'RUN_BASED' ? (
          <SelectField
            label="Alert"
            path="runBasedEscalation.failedRunThreshold"
            errors={errors}
            value={String(s.runBasedEscalation.failedRunThreshold)}
            options={RUNS}
            onValue={(v) => patch({ runBasedEscalation: { failedRunThreshold: Number(v) } })}
          />
        ) : (
          <SelectField
            label="Alert"
            path="timeBasedEscalation.minutesFailingThreshold"
            errors={errors}
            value={String(s.timeBasedEscalation.minutesFailingThreshold)}
            options={MINUTES}
            onValue={(v) => patch({ timeBasedEscalation: { minutesFailingThreshold: Number(v) } })}
          />
        )}
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>Reminders while failing</legend>
        <div class="row">
          <SelectField
            label="Reminders"
            path="reminders.amount"
            errors={errors}
            value={String(s.reminders.amount)}
            options={AMOUNTS}
            onValue={(v) => patch({ reminders: { ...s.reminders, amount: Number(v) } })}
          />
          <SelectField
            label="Reminder interval"
            path="reminders.interval"
            errors={errors}
            value={String(s.reminders.interval)}
            options={INTERVALS}
            onValue={(v) => patch({ reminders: { ...s.reminders, interval: Number(v) } })}
          />
        </div>
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>Checks run in several locations at once</legend>
        <CheckboxField
          label="Alert only when enough locations fail"
          path="parallelRunFailureThreshold.enabled"
          errors={errors}
          checked={s.parallelRunFailureThreshold.enabled}
          onChecked={(v) => patch({ parallelRunFailureThreshold: { ...s.parallelRunFailureThreshold, enabled: v } })}
        />
        {s.parallelRunFailureThreshold.enabled ? (
          <SelectField
            label="Failing locations needed"
            path="parallelRunFailureThreshold.percentage"
            errors={errors}
            value={String(s.parallelRunFailureThreshold.percentage)}
            options={PERCENTAGES}
            onValue={(v) => patch({ parallelRunFailureThreshold: { ...s.parallelRunFailureThreshold, percentage: Number(v) } })}
          />
        ) : null}
      </fieldset>
      {canWrite ? (
        <Button variant="primary" type="submit" busy={save.isPending}>
          Save alert settings
        </Button>
      ) : null}
    </form>
  )
}

export default function AlertSettingsPage() {
  const settings = useApi(picketApi.alerting.settings())
  return (
    <>
      <PageHeader title="Alert settings" subtitle="Used by every check and group that keeps the account's alert settings." />
      {settings.isLoading ? <Loading /> : null}
      <ErrorBanner error={settings.error} title="Could not load the alert settings" />
      {settings.data ? (
        <Card>
          <SettingsForm initial={settings.data} />
        </Card>
      ) : null}
    </>
  )
}
