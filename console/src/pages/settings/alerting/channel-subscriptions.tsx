/** Which checks and groups an alert channel notifies for; each subscription can be paused or resumed. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApi, useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { fieldErrorsOf, FormError, SelectField } from '../../../ui/form'
import { Badge, Button, Card } from '../../../ui/kit'
import { onSubmit } from '../shared/use-form'
import type { AlertChannel, Subscription } from './channel-types'

type Body = { checkId?: string; groupId?: number; activated: boolean }

export function ChannelSubscriptions(props: { channel: AlertChannel }) {
  const canWrite = useSession().can('write')
  const checks = useApi(picketApi.checks.list({ limit: 100 }))
  const groups = useApi(picketApi.groups.list({ limit: 100 }))
  const [target, setTarget] = useState('')
  const put = useApiMutation((body: Body) => picketApi.alertChannels.subscribe(props.channel.id, body), [picketApi.alertChannels.root])
  const errors = fieldErrorsOf(put.error)

  const nameOf = (s: Subscription) =>
    s.checkId !== null
      ? (checks.data?.rows.find((c) => c.id === s.checkId)?.name ?? s.checkId)
      : (groups.data?.rows.find((g) => g.id === s.groupId)?.name ?? `Group ${s.groupId ?? ''}`)
  const bodyOf = (s: Subscription, activated: boolean): Body => (s.checkId !== null ? { checkId: s.checkId, activated } : { groupId: s.groupId ?? 0, activated })
  const subscribed = new Set(props.channel.subscriptions.map((s) => (s.checkId !== null ? `check:${s.checkId}` : `group:${s.groupId ?? ''}`)))
  const options = [
    { value: '', label: 'Choose a check or group…' },
    ...(checks.data?.rows ?? []).filter((c) => !subscribed.has(`check:${c.id}`)).map((c) => ({ value: `check:${c.id}`, label: `Check: ${c.name}` })),
    ...(groups.data?.rows ?? []).filter((g) => !subscribed.has(`group:${g.id}`)).map((g) => ({ value: `group:${g.id}`, label: `Group: ${g.name}` })),
  ]
  const add = async () => {
    const [kind, id = ''] = target.split(/:(.*)/s)
    if (!kind) return
    const ok = await put.mutateAsync(kind === 'check' ? { checkId: id, activated: true } : { groupId: Number(id), activated: true }).then(
      () => true,
      () => false,
    )
    if (ok) setTarget('')
  }

  return (
    <Card title="Subscriptions">
      <p class="muted small">The checks and groups whose alerts go to this channel.</p>
      <FormError error={put.error} shown={['checkId', 'groupId']} />
      {props.channel.subscriptions.length === 0 ? <p class="muted">No check or group is subscribed yet.</p> : null}
      <ul class="list-plain">
        {props.channel.subscriptions.map((s) => (
          <li class="row">
            <span>
              {s.checkId !== null ? 'Check' : 'Group'}: <strong>{nameOf(s)}</strong> {s.activated ? <Badge tone="ok">active</Badge> : <Badge tone="muted">paused</Badge>}
            </span>
            {canWrite ? (
              <Button variant="ghost" busy={put.isPending} onClick={() => put.mutate(bodyOf(s, !s.activated))}>
                {s.activated ? `Pause ${nameOf(s)}` : `Resume ${nameOf(s)}`}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <form class="inline-form" onSubmit={onSubmit(add)} noValidate>
          <SelectField label="Subscribe" path="checkId" errors={errors} value={target} options={options} onValue={setTarget} />
          <Button type="submit" disabled={!target} busy={put.isPending}>
            Add subscription
          </Button>
        </form>
      ) : null}
    </Card>
  )
}
