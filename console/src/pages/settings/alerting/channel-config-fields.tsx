/** The config fields of an alert channel, by its type (mirrors the API's per-type rules). */
import { type FieldErrors, SelectField, TextArea, TextField } from '../../../ui/form'
import { KeyValues } from '../shared/key-values'
import { WEBHOOK_METHODS, type ChannelConfig, type ChannelType } from './channel-types'

/**
 * The kinds of receiver a webhook can be labelled with (the API takes WEBHOOK or WEBHOOK_<VENDOR>): a choice, so
 * nobody has to guess the spelling. The body sent is the template's either way.
 */
const WEBHOOK_TYPES = [
  { value: 'WEBHOOK', label: 'Plain webhook' },
  { value: 'WEBHOOK_MSTEAMS', label: 'Microsoft Teams' },
  { value: 'WEBHOOK_DISCORD', label: 'Discord' },
  { value: 'WEBHOOK_TELEGRAM', label: 'Telegram' },
  { value: 'WEBHOOK_FIREHYDRANT', label: 'FireHydrant' },
  { value: 'WEBHOOK_INCIDENTIO', label: 'incident.io' },
  { value: 'WEBHOOK_SPIKESH', label: 'Spike.sh' },
]

/** The choices, with a stored type the list does not know kept as it is. */
const webhookTypes = (current: string) => (WEBHOOK_TYPES.some((t) => t.value === current) ? WEBHOOK_TYPES : [...WEBHOOK_TYPES, { value: current, label: current }])

interface Props {
  type: ChannelType
  config: ChannelConfig
  onConfig: (config: ChannelConfig) => void
  errors: FieldErrors
  /** The masked secret the API showed for a stored webhook secret, if any. */
  storedSecret?: string | null
}

export function ChannelConfigFields(props: Props) {
  const { config, errors } = props
  const set =
    <K extends keyof ChannelConfig>(key: K) =>
    (value: ChannelConfig[K]) =>
      props.onConfig({ ...config, [key]: value })
  switch (props.type) {
    case 'EMAIL':
      return <TextField label="E-mail address" path="config.address" errors={errors} type="email" value={config.address ?? ''} onValue={set('address')} />
    case 'SMS':
      return (
        <>
          <TextField label="Name" path="config.name" errors={errors} value={config.name ?? ''} onValue={set('name')} hint="Who receives the messages, e.g. On-call phone." />
          <TextField
            label="Phone number"
            path="config.number"
            errors={errors}
            type="tel"
            value={config.number ?? ''}
            onValue={set('number')}
            hint="E.164: + and up to 15 digits, no spaces (e.g. +14155550100)."
          />
        </>
      )
    case 'SLACK':
      return (
        <>
          <TextField
            label="Slack webhook URL"
            path="config.url"
            errors={errors}
            type="url"
            value={config.url ?? ''}
            onValue={set('url')}
            hint="An incoming webhook URL from Slack (https://hooks.slack.com/…)."
          />
          <TextField
            label="Slack channel"
            path="config.channel"
            errors={errors}
            value={config.channel ?? ''}
            onValue={(v) => set('channel')(v === '' ? null : v)}
            hint="Optional, e.g. #alerts."
          />
        </>
      )
    default:
      return (
        <>
          <TextField label="Name" path="config.name" errors={errors} value={config.name ?? ''} onValue={set('name')} />
          <div class="row">
            <SelectField label="Method" path="config.method" errors={errors} value={config.method ?? 'POST'} options={WEBHOOK_METHODS} onValue={set('method')} />
            <TextField label="URL" path="config.url" errors={errors} value={config.url ?? ''} onValue={set('url')} hint="http(s); may hold {{VARIABLES}}." />
          </div>
          <SelectField
            label="Webhook type"
            path="config.webhookType"
            errors={errors}
            value={config.webhookType ?? 'WEBHOOK'}
            options={webhookTypes(config.webhookType ?? 'WEBHOOK')}
            onValue={set('webhookType')}
            hint="The kind of receiver; the body sent is the template below."
          />
          <TextField
            label="Webhook secret"
            path="config.webhookSecret"
            errors={errors}
            autoComplete="off"
            value={config.webhookSecret ?? ''}
            onValue={(v) => set('webhookSecret')(v === '' ? null : v)}
            hint={
              props.storedSecret
                ? `A secret is stored (shown masked as ${props.storedSecret}). Leave it as is to keep it, type a new one to replace it, or clear the field to remove it.`
                : 'Optional; used to sign the requests.'
            }
          />
          <TextArea
            label="Body template"
            path="config.template"
            errors={errors}
            mono
            rows={6}
            value={config.template ?? ''}
            onValue={set('template')}
            hint="Handlebars; empty sends the built-in JSON body."
          />
          <KeyValues legend="Headers" noun="Header" path="config.headers" errors={errors} entries={config.headers ?? []} onChange={set('headers')} />
          <KeyValues
            legend="Query parameters"
            noun="Parameter"
            path="config.queryParameters"
            errors={errors}
            entries={config.queryParameters ?? []}
            onChange={set('queryParameters')}
          />
        </>
      )
  }
}
