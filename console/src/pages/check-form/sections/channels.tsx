/** Which alert channels get this check's (or group's) alerts: alertChannelSubscriptions. */
import { Link } from 'wouter-preact'
import type { AlertChannelView } from '../../../api/contracts'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { errorFor } from '../../../ui/form'
import { list, type SectionProps } from '../draft-path'

type Channel = Pick<AlertChannelView, 'id' | 'type' | 'config'>
interface Subscription {
  alertChannelId: number
  activated: boolean
}

/** What a person recognises a channel by: its name, address, number or URL. */
export function channelLabel(c: Channel): string {
  const cfg = c.config ?? {}
  const pick = (['name', 'address', 'number', 'channel', 'url'] as const).map((k) => cfg[k]).find((v) => typeof v === 'string' && v !== '')
  const type = c.type.charAt(0) + c.type.slice(1).toLowerCase()
  return pick ? `${type}: ${String(pick)}` : `${type} #${c.id}`
}

export function ChannelSubscriptions(props: SectionProps) {
  const channels = useApi(picketApi.alertChannels.list({ limit: 100 }))
  const subs = list<Subscription>(props.draft, 'alertChannelSubscriptions')
  const error = errorFor(props.errors, 'alertChannelSubscriptions')
  const toggle = (id: number, on: boolean) => {
    const known = subs.some((s) => s.alertChannelId === id)
    props.set('alertChannelSubscriptions', known ? subs.map((s) => (s.alertChannelId === id ? { ...s, activated: on } : s)) : [...subs, { alertChannelId: id, activated: on }])
  }
  return (
    <fieldset class={`cf-choices${error ? ' field-invalid' : ''}`} data-field="alertChannelSubscriptions">
      <legend>Alert channels</legend>
      {channels.isLoading ? <p class="muted">Loading alert channels…</p> : null}
      {channels.error ? <p class="field-error">Alert channels could not be loaded: {channels.error.message}</p> : null}
      {channels.data && channels.data.rows.length === 0 ? (
        <p class="muted">
          No alert channels yet. <Link href="/alerting/channels">Add one</Link> to be told when this fails.
        </p>
      ) : null}
      <div class="cf-choice-grid">
        {(channels.data?.rows ?? []).map((c) => (
          <label class="cf-choice">
            <input type="checkbox" checked={subs.some((s) => s.alertChannelId === c.id && s.activated)} onChange={(e) => toggle(c.id, e.currentTarget.checked)} /> {channelLabel(c)}
          </label>
        ))}
      </div>
      {error ? (
        <small class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  )
}
