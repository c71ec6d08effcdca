/** The account's status page services: what cards and incidents name. Added, renamed and deleted here. */
import { useState } from 'preact/hooks'
import type { ServiceBody } from '../../../api/contracts'
import { useApi, useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { fieldErrorsOf, FormError, TextField } from '../../../ui/form'
import { Button, Card, ConfirmButton, ErrorBanner, Loading } from '../../../ui/kit'
import { onSubmit } from '../shared/use-form'
import type { Service } from './status-page-types'

function ServiceItem(props: { s: Service; canWrite: boolean }) {
  const [name, setName] = useState(props.s.name)
  // A page shows its services' names: a rename refreshes the pages too (their root is a prefix of the services').
  const rename = useApiMutation((body: ServiceBody) => picketApi.services.update(props.s.id, body), [picketApi.services.root, picketApi.statusPages.root])
  const remove = useApiMutation(() => picketApi.services.remove(props.s.id), [picketApi.services.root])
  if (!props.canWrite) return <li>{props.s.name}</li>
  return (
    <li>
      <form class="inline-form" onSubmit={onSubmit(() => rename.mutateAsync({ name }).catch(() => undefined))} noValidate>
        <TextField label={`Service name (${props.s.name})`} path="name" errors={fieldErrorsOf(rename.error)} value={name} onValue={setName} />
        <Button type="submit" busy={rename.isPending} disabled={name === props.s.name}>
          Rename
        </Button>
        <ConfirmButton
          label="Delete"
          confirm={`Delete the service "${props.s.name}"? It cannot be deleted while a card, an open incident, a check or a group uses it.`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(undefined)}
        />
      </form>
      {remove.error ? <ErrorBanner error={remove.error} title="Not deleted" /> : null}
    </li>
  )
}

export function ServicesCard() {
  const canWrite = useSession().can('write')
  const list = useApi(picketApi.services.list({ limit: 100 }))
  const [name, setName] = useState('')
  const add = useApiMutation((body: ServiceBody) => picketApi.services.create(body), [picketApi.services.root])
  const create = async () => {
    if (
      await add.mutateAsync({ name: name.trim() }).then(
        () => true,
        () => false,
      )
    )
      setName('')
  }
  return (
    <Card title="Services">
      <p class="muted small">The parts of your product that status pages show and incidents affect.</p>
      {list.isLoading ? <Loading /> : null}
      <ErrorBanner error={list.error} title="Could not load the services" />
      {list.data && list.data.rows.length === 0 ? <p class="muted">No services yet.</p> : null}
      <ul class="list-plain">
        {(list.data?.rows ?? []).map((s) => (
          <ServiceItem key={`${s.id}:${s.name}`} s={s} canWrite={canWrite} />
        ))}
      </ul>
      {canWrite ? (
        <form class="inline-form" onSubmit={onSubmit(create)} noValidate>
          <TextField label="New service" path="name" errors={fieldErrorsOf(add.error)} value={name} onValue={setName} />
          <Button type="submit" busy={add.isPending}>
            Add service
          </Button>
        </form>
      ) : null}
      {add.error ? <FormError error={add.error} shown={['name']} /> : null}
    </Card>
  )
}
