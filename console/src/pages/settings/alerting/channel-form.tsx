/** Creating or editing an alert channel: its type, where it sends, and which events it notifies about. */
import { useLocation } from 'wouter-preact'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { CheckboxField, fieldErrorsOf, FormError, NumberField, SelectField } from '../../../ui/form'
import { FormActions } from '../shared/form-actions'
import { onSubmit, useForm } from '../shared/use-form'
import { ChannelConfigFields } from './channel-config-fields'
import { CHANNEL_TYPES, CONFIG_DEFAULTS, FLAG_DEFAULTS, TYPE_LABELS, type AlertChannel, type ChannelConfig, type ChannelFlags, type ChannelType } from './channel-types'

type Draft = Omit<ChannelFlags, 'sslExpiryThreshold'> & { sslExpiryThreshold: number | null; type: ChannelType; config: ChannelConfig }

const SHOWN = ['type', 'config', 'sendRecovery', 'sendFailure', 'sendDegraded', 'sslExpiry', 'sslExpiryThreshold', 'autoSubscribe']

const draftOf = (c?: AlertChannel): Draft =>
  c
    ? {
        type: c.type,
        config: { ...CONFIG_DEFAULTS[c.type], ...c.config },
        sendRecovery: c.sendRecovery,
        sendFailure: c.sendFailure,
        sendDegraded: c.sendDegraded,
        sslExpiry: c.sslExpiry,
        sslExpiryThreshold: c.sslExpiryThreshold,
        autoSubscribe: c.autoSubscribe,
      }
    : { type: 'EMAIL', config: { ...CONFIG_DEFAULTS.EMAIL }, ...FLAG_DEFAULTS }

export function ChannelForm(props: { channel?: AlertChannel }) {
  const existing = props.channel
  const [, navigate] = useLocation()
  const canWrite = useSession().can('write')
  const { value: d, set, setValue } = useForm<Draft>(draftOf(existing))
  const save = useApiMutation(
    (body: Draft) => (existing ? picketApi.alertChannels.update(existing.id, body) : picketApi.alertChannels.create(body)),
    [picketApi.alertChannels.root],
  )
  const remove = useApiMutation(() => (existing ? picketApi.alertChannels.remove(existing.id) : Promise.resolve()), [picketApi.alertChannels.root])
  const errors = fieldErrorsOf(save.error)

  const submit = async () => {
    const saved = await save.mutateAsync(d).catch(() => null)
    if (saved && !existing) navigate(`/alerting/channels/${saved.id}`)
  }
  const changeType = (type: ChannelType) => setValue((prev) => ({ ...prev, type, config: { ...CONFIG_DEFAULTS[type] } }))

  return (
    <form class="settings-form card" onSubmit={onSubmit(submit)} noValidate>
      <FormError error={save.error} shown={SHOWN} />
      <FormError error={remove.error} />
      {save.isSuccess && existing ? (
        <div class="banner banner-success" role="status">
          Saved.
        </div>
      ) : null}
      <fieldset disabled={!canWrite}>
        <legend>Channel</legend>
        {existing ? (
          <p>
            Type: <strong>{TYPE_LABELS[existing.type]}</strong> <span class="muted small">(cannot be changed)</span>
          </p>
        ) : (
          <SelectField label="Type" path="type" errors={errors} value={d.type} options={CHANNEL_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} onValue={changeType} />
        )}
        <ChannelConfigFields type={d.type} config={d.config} onConfig={set('config')} errors={errors} storedSecret={existing?.config.webhookSecret ?? null} />
      </fieldset>
      <fieldset disabled={!canWrite}>
        <legend>Notify about</legend>
        <div class="check-grid">
          <CheckboxField label="Failures" path="sendFailure" errors={errors} checked={d.sendFailure} onChecked={set('sendFailure')} />
          <CheckboxField label="Recoveries" path="sendRecovery" errors={errors} checked={d.sendRecovery} onChecked={set('sendRecovery')} />
          <CheckboxField label="Degraded checks" path="sendDegraded" errors={errors} checked={d.sendDegraded} onChecked={set('sendDegraded')} />
          <CheckboxField label="Expiring SSL certificates" path="sslExpiry" errors={errors} checked={d.sslExpiry} onChecked={set('sslExpiry')} />
        </div>
        {d.sslExpiry ? (
          <NumberField
            label="Days before expiry"
            path="sslExpiryThreshold"
            errors={errors}
            min={1}
            max={30}
            value={d.sslExpiryThreshold}
            onNumber={set('sslExpiryThreshold')}
            hint="1 to 30 days."
          />
        ) : null}
        <CheckboxField label="Subscribe new checks automatically" path="autoSubscribe" errors={errors} checked={d.autoSubscribe} onChecked={set('autoSubscribe')} />
      </fieldset>
      {canWrite ? (
        <FormActions
          submitLabel={existing ? 'Save channel' : 'Create channel'}
          busy={save.isPending}
          cancelHref="/alerting/channels"
          remove={
            existing
              ? {
                  label: 'Delete channel',
                  confirm: 'Delete this alert channel and its subscriptions?',
                  busy: remove.isPending,
                  onConfirm: () =>
                    remove.mutateAsync(undefined).then(
                      () => navigate('/alerting/channels'),
                      () => undefined,
                    ),
                }
              : undefined
          }
        />
      ) : null}
    </form>
  )
}
