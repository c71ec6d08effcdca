/** /alerting/channels/new and /alerting/channels/:id: one alert channel, its subscriptions and a test send. */
import { useApi } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { ErrorBanner, Loading, PageHeader } from '../../../ui/kit'
import { ChannelForm } from './channel-form'
import { ChannelSubscriptions } from './channel-subscriptions'
import { ChannelTest } from './channel-test'
import { TYPE_LABELS, channelTarget, channelTitle } from './channel-types'
import { useDocumentTitle } from '../../../ui/title'
import '../shared/settings.css'

const back = { href: '/alerting/channels', label: 'Alert channels' }

export default function ChannelPage(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id
  const canWrite = useSession().can('write')
  const channel = useApi(id ? picketApi.alertChannels.get(id) : null)
  useDocumentTitle(!id ? 'New alert channel' : channel.data ? channelTitle(channel.data) : channel.error ? 'Alert channel' : null, back.label)
  if (!id) {
    return (
      <>
        <PageHeader title="New alert channel" back={back} />
        <ChannelForm />
      </>
    )
  }
  if (channel.isLoading) return <Loading />
  if (channel.error || !channel.data)
    return (
      <>
        <PageHeader title="Alert channel" back={back} />
        <ErrorBanner error={channel.error ?? 'Not found'} title="Could not load the channel" />
      </>
    )
  const c = channel.data
  return (
    <>
      <PageHeader title={`${TYPE_LABELS[c.type]} channel`} subtitle={channelTarget(c)} back={back} />
      <ChannelForm key={c.id} channel={c} />
      <ChannelSubscriptions channel={c} />
      {canWrite ? <ChannelTest channelId={c.id} /> : null}
    </>
  )
}
