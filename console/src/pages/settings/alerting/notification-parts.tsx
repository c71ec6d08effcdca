/**
 * How a notification names what it was about and where it went: the check (or private location) and the channel,
 * each by name and each a link, as the message named them. Rows written before names were kept fall back to the
 * type and id.
 */
import { Link } from 'wouter-preact'
import type { AlertNotification } from '../../../api/endpoints'
import { Badge, type Tone } from '../../../ui/kit'
import { TYPE_LABELS, type ChannelType } from './channel-types'

const DELIVERY_TONES: Record<AlertNotification['status'], Tone> = { SUCCESS: 'ok', FAILURE: 'failing', IN_PROGRESS: 'info', RATE_LIMITED: 'degraded' }
const DELIVERY_WORDS: Record<AlertNotification['status'], string> = { SUCCESS: 'delivered', FAILURE: 'failed', IN_PROGRESS: 'in progress', RATE_LIMITED: 'rate limited' }

/** How the delivery went, in words that cannot be mistaken for the alert's own type ("failed", not "failure"). */
export function DeliveryBadge(props: { status: AlertNotification['status'] }) {
  return <Badge tone={DELIVERY_TONES[props.status] ?? 'muted'}>{DELIVERY_WORDS[props.status] ?? props.status}</Badge>
}

/** "failure", "degraded recovery", "private location unavailable": the alert type in words. */
export const alertWords = (alertType: string | null): string =>
  (alertType ?? 'alert')
    .replace(/^ALERT_/, '')
    .replace(/_/g, ' ')
    .toLowerCase()

const typeLabel = (type: string) => TYPE_LABELS[type as ChannelType] ?? type

/** The alert type in words, linking to the result that raised it when there is one. */
export function AlertKind(props: { n: AlertNotification }) {
  const { n } = props
  const words = alertWords(n.alertType)
  if (!n.checkResultId || !n.checkId) return <>{words}</>
  return <Link href={`/checks/${encodeURIComponent(n.checkId)}/results/${encodeURIComponent(n.checkResultId)}`}>{words}</Link>
}

/** The channel by name with its type beside it, linking to the channel's page. */
export function ChannelLink(props: { n: AlertNotification }) {
  const { n } = props
  return (
    <>
      <Link href={`/alerting/channels/${n.alertChannelId}`}>{n.channelName ?? `${typeLabel(n.type)} #${n.alertChannelId}`}</Link>
      <div class="small muted">{typeLabel(n.type)}</div>
    </>
  )
}

/** The check the alert was about (or the private location), linking to its page. */
export function AlertSubject(props: { n: AlertNotification }) {
  const { n } = props
  if (n.privateLocationId) {
    return <Link href={`/private-locations/${encodeURIComponent(n.privateLocationId)}`}>{n.privateLocationName ?? 'Private location'}</Link>
  }
  if (!n.checkId) return <span class="muted">No check</span>
  return <Link href={`/checks/${encodeURIComponent(n.checkId)}`}>{n.checkName ?? 'Check'}</Link>
}
