/** /settings/api-keys: the account's API keys; a new key is shown once, with the account id to send beside it. */
import { useState } from 'preact/hooks'
import type { ApiKeyView } from '../../../api/contracts'
import { picketApi } from '../../../api/endpoints'
import { useApi, useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { fieldErrorsOf, FormError, TextField } from '../../../ui/form'
import { Badge, Button, Card, ConfirmButton, CopyButton, Empty, ErrorBanner, Loading, Notice, PageHeader, TableWrap } from '../../../ui/kit'
import { OneTimeSecret } from '../shared/one-time-secret'
import { ROLE_LABELS } from '../shared/roles'
import { onSubmit } from '../shared/use-form'
import type { Role } from '../../../api/session'
import '../shared/settings.css'

function CreateKey(props: { accountId: string }) {
  const [name, setName] = useState('')
  const [created, setCreated] = useState<string | null>(null)
  const create = useApiMutation((body: { name: string }) => picketApi.users.createApiKey(body), [picketApi.users.apiKeysRoot])
  const errors = fieldErrorsOf(create.error)
  const submit = async () => {
    const res = await create.mutateAsync({ name: name.trim() }).catch(() => null)
    if (res) {
      setCreated(res.apiKey)
      setName('')
    }
  }
  return (
    <Card title="Create API key">
      <p class="muted small">Name it after what will use it, e.g. CI deploy. The key gets your role in this account.</p>
      {created ? (
        <OneTimeSecret title="Your new API key" value={created} copyLabel="Copy API key" onDismiss={() => setCreated(null)}>
          <p class="small">
            <strong>Copy it now: it will not be shown again.</strong> Send it as <code>Authorization: Bearer &lt;key&gt;</code> with the header{' '}
            <code>X-Service-Account: {props.accountId}</code>.
          </p>
          <div class="secret-once">
            <span class="small">X-Service-Account</span>
            <code>{props.accountId}</code>
            <CopyButton text={props.accountId} label="Copy account id" />
          </div>
        </OneTimeSecret>
      ) : null}
      <form class="inline-form" onSubmit={onSubmit(submit)} noValidate>
        <TextField label="Key name" path="name" errors={errors} value={name} onValue={setName} />
        <Button variant="primary" type="submit" busy={create.isPending}>
          Create API key
        </Button>
      </form>
      {create.error ? <FormError error={create.error} shown={['name']} /> : null}
    </Card>
  )
}

function KeyRow(props: { k: ApiKeyView; manage: boolean }) {
  const { k } = props
  const revoke = useApiMutation(() => picketApi.users.revokeApiKey(k.id), [picketApi.users.apiKeysRoot])
  return (
    <tr>
      <td>
        {k.name}
        <div class="muted small mono">{k.prefix.endsWith('…') ? k.prefix : `${k.prefix}…`}</div>
      </td>
      <td>{k.role ? (ROLE_LABELS[k.role as Role] ?? k.role) : '–'}</td>
      <td>
        <span title={formatDateTime(k.createdAt)}>{timeAgo(k.createdAt)}</span>
        <div class="muted small">{k.createdBy ? `by ${k.createdBy.email}` : ''}</div>
      </td>
      <td>
        {k.revokedAt ? (
          <Badge tone="muted" title={formatDateTime(k.revokedAt)}>
            revoked
          </Badge>
        ) : (
          <Badge tone="ok">active</Badge>
        )}
      </td>
      <td>
        {props.manage && !k.revokedAt ? (
          <div class="row-actions">
            <ConfirmButton
              label="Revoke"
              confirm={`Revoke the API key "${k.name}"? Anything using it stops working at once.`}
              busy={revoke.isPending}
              onConfirm={() => revoke.mutate(undefined)}
            />
          </div>
        ) : null}
        {revoke.error ? <ErrorBanner error={revoke.error} title="Not revoked" /> : null}
      </td>
    </tr>
  )
}

export default function ApiKeysPage() {
  const session = useSession()
  const manage = session.can('manage')
  const keys = useApi(manage ? picketApi.users.apiKeys() : null)
  return (
    <>
      <PageHeader title="API keys" subtitle="Keys for scripts, the CLI and CI to use the API as this account." />
      {!manage ? (
        <Notice>Only owners and admins can see and manage API keys.</Notice>
      ) : (
        <>
          <CreateKey accountId={session.account.id} />
          {keys.isLoading ? <Loading /> : null}
          <ErrorBanner error={keys.error} title="Could not load the API keys" />
          {keys.data && keys.data.length === 0 ? <Empty title="No API keys yet">Create one to use the API from scripts or CI.</Empty> : null}
          {keys.data && keys.data.length > 0 ? (
            <TableWrap label="API keys">
              <table>
                <caption class="visually-hidden">API keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Created</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.data.map((k) => (
                    <KeyRow k={k} manage={manage} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : null}
        </>
      )}
    </>
  )
}
