/** /alerting/channels: where alerts go. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import { TYPE_LABELS, channelTarget, type AlertChannel } from './channel-types'
import '../shared/settings.css'

const events = (c: AlertChannel) =>
  [c.sendFailure && 'failure', c.sendRecovery && 'recovery', c.sendDegraded && 'degraded', c.sslExpiry && `SSL ${c.sslExpiryThreshold} d`].filter(Boolean).join(', ') || 'nothing'

export default function ChannelsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Alert channels"
        subtitle="Where alerts are sent: e-mail, webhooks, Slack and SMS."
        actions={
          canWrite ? (
            <LinkButton href="/alerting/channels/new" variant="primary">
              New alert channel
            </LinkButton>
          ) : null
        }
      />
      <PagedTable<AlertChannel>
        list={picketApi.alertChannels.list}
        caption="Alert channels"
        empty={{ title: 'No alert channels yet', body: <p>Add one to be told when a check fails.</p> }}
        columns={[
          { label: 'Type', cell: (c) => <Badge tone="info">{TYPE_LABELS[c.type] ?? c.type}</Badge> },
          { label: 'Sends to', cell: (c) => <Link href={`/alerting/channels/${c.id}`}>{channelTarget(c) || `Channel ${c.id}`}</Link> },
          { label: 'Notifies about', cell: events },
          { label: 'Subscriptions', class: 'num', cell: (c) => c.subscriptions.length },
        ]}
      />
    </>
  )
}
