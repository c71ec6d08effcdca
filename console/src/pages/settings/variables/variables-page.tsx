/** /variables: the account's environment variables, available to every check as {{KEY}} or process.env.KEY. */
import { useState } from 'preact/hooks'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { timeAgo } from '../../../lib/format'
import { Badge, Button, ConfirmButton, ErrorBanner, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import { VariableForm } from './variable-form'
import { MASK, type Variable } from './variable-types'
import '../shared/settings.css'

function ValueCell(props: { v: Variable }) {
  const [shown, setShown] = useState(false)
  const { v } = props
  if (v.secret || v.value === null)
    return (
      <span class="mono" aria-label="Secret value, not shown">
        {MASK}
      </span>
    )
  if (v.locked && !shown) {
    return (
      <span>
        <span class="mono">{MASK}</span>{' '}
        <Button variant="ghost" onClick={() => setShown(true)} aria-label={`Show the value of ${v.key}`}>
          Show
        </Button>
      </span>
    )
  }
  return <span class="mono">{v.value.length > 80 ? `${v.value.slice(0, 80)}…` : v.value}</span>
}

function RowActions(props: { v: Variable; onEdit: () => void }) {
  const remove = useApiMutation(() => picketApi.variables.remove(props.v.key), [picketApi.variables.root])
  return (
    <div class="row-actions">
      <Button onClick={props.onEdit} aria-label={`Edit ${props.v.key}`}>
        Edit
      </Button>
      <ConfirmButton
        label="Delete"
        confirm={`Delete the variable ${props.v.key}? Checks using it will no longer get it.`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
      />
      {remove.error ? <ErrorBanner error={remove.error} title="Not deleted" /> : null}
    </div>
  )
}

export default function VariablesPage() {
  const canWrite = useSession().can('write')
  const [editing, setEditing] = useState<Variable | 'new' | null>(null)
  return (
    <>
      <PageHeader
        title="Environment variables"
        subtitle="Available to every check of the account: {{KEY}} in requests, process.env.KEY in scripts."
        actions={
          canWrite && editing === null ? (
            <Button variant="primary" onClick={() => setEditing('new')}>
              Add variable
            </Button>
          ) : null
        }
      />
      {editing !== null ? <VariableForm key={editing === 'new' ? 'new' : editing.key} variable={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      <PagedTable<Variable>
        list={picketApi.variables.list}
        caption="Environment variables"
        empty={{ title: 'No variables yet', body: <p>Keep URLs, tokens and passwords here instead of in each check.</p> }}
        columns={[
          { label: 'Key', cell: (v) => <code>{v.key}</code> },
          { label: 'Value', cell: (v) => <ValueCell key={v.key} v={v} /> },
          { label: 'Kind', cell: (v) => (v.secret ? <Badge tone="degraded">secret</Badge> : v.locked ? <Badge tone="muted">locked</Badge> : <Badge tone="info">plain</Badge>) },
          { label: 'Updated', cell: (v) => timeAgo(v.updated_at ?? v.created_at) },
          ...(canWrite ? [{ label: 'Actions', cell: (v: Variable) => <RowActions v={v} onEdit={() => setEditing(v)} /> }] : []),
        ]}
      />
    </>
  )
}
