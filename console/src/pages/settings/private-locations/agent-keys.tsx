/** A location's agent keys (at most two, so one can be rotated while the other is in use); a new key shows once. */
import { useState } from 'preact/hooks'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { Button, Card, ConfirmButton, ErrorBanner } from '../../../ui/kit'
import { OneTimeSecret } from '../shared/one-time-secret'
import { MAX_KEYS, type AgentKey, type PrivateLocation } from './location-types'

export function NewKeyNotice(props: { rawKey: string; onDismiss?: () => void }) {
  return (
    <OneTimeSecret title="New agent key" value={props.rawKey} copyLabel="Copy agent key" onDismiss={props.onDismiss}>
      <p class="small">
        <strong>Copy it now: it will not be shown again.</strong> Give it to the agent that serves this location.
      </p>
    </OneTimeSecret>
  )
}

function KeyItem(props: { locationId: string; k: AgentKey; canWrite: boolean; only: boolean }) {
  const remove = useApiMutation(() => picketApi.privateLocations.removeKey(props.locationId, props.k.id), [picketApi.privateLocations.root])
  return (
    <li class="row">
      <span>
        <code>{props.k.maskedKey}</code>{' '}
        <span class="muted small" title={formatDateTime(props.k.created_at)}>
          created {timeAgo(props.k.created_at)}
        </span>
      </span>
      {props.canWrite ? (
        <ConfirmButton
          label={`Delete key ${props.k.maskedKey}`}
          confirm={`Delete the agent key ${props.k.maskedKey}?${props.only ? ' It is the only key: the agents using it stop working.' : ' Agents using it stop working.'}`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(undefined)}
        />
      ) : null}
      {remove.error ? <ErrorBanner error={remove.error} title="Not deleted" /> : null}
    </li>
  )
}

export function AgentKeys(props: { location: PrivateLocation }) {
  const loc = props.location
  const canWrite = useSession().can('write')
  const [fresh, setFresh] = useState<string | null>(null)
  const add = useApiMutation(() => picketApi.privateLocations.addKey(loc.id), [picketApi.privateLocations.root])
  const create = async () => {
    const key = await add.mutateAsync(undefined).catch(() => null)
    if (key?.rawKey) setFresh(key.rawKey)
  }
  return (
    <Card title="Agent keys">
      <p class="muted small">Agents authenticate with one of these keys. Keep at most {MAX_KEYS}: add the new one, move the agents to it, then delete the old one.</p>
      {fresh ? <NewKeyNotice rawKey={fresh} onDismiss={() => setFresh(null)} /> : null}
      {loc.keys.length === 0 ? <p class="muted">No keys: no agent can serve this location.</p> : null}
      <ul class="list-plain">
        {loc.keys.map((k) => (
          <KeyItem locationId={loc.id} k={k} canWrite={canWrite} only={loc.keys.length === 1} />
        ))}
      </ul>
      {add.error ? <ErrorBanner error={add.error} title="No key added" /> : null}
      {canWrite ? (
        <Button busy={add.isPending} disabled={loc.keys.length >= MAX_KEYS} onClick={() => void create()}>
          Add agent key
        </Button>
      ) : null}
    </Card>
  )
}
