/** "Send test notification": one real message through the channel, and what the receiver answered. */
import { picketApi } from '../../../api/endpoints'
import { useApiMutation } from '../../../api/hooks'
import { Button, Card, ErrorBanner } from '../../../ui/kit'

export function ChannelTest(props: { channelId: number }) {
  const test = useApiMutation(() => picketApi.alertChannels.test(props.channelId))
  const r = test.data
  return (
    <Card title="Test">
      <p class="muted small">Sends one real notification of a made-up failing check through this channel now, with its saved settings.</p>
      <Button busy={test.isPending} onClick={() => test.mutate(undefined)}>
        Send test notification
      </Button>
      <div aria-live="polite">
        {test.isPending ? <p class="muted">Sending…</p> : null}
        {r ? (
          <div class={`banner ${r.delivered ? 'banner-success' : 'banner-error'}`} role="status">
            <strong>{r.delivered ? 'Delivered' : 'Not delivered'}</strong>
            {r.statusCode !== undefined ? ` (status ${r.statusCode})` : ''}: {r.message}
          </div>
        ) : null}
        {test.error ? <ErrorBanner error={test.error} title="The test could not be sent" /> : null}
      </div>
    </Card>
  )
}
