/** /checks/new/:type: the form of a new check; a heartbeat shows its ping URL once created. */
import { useState } from 'preact/hooks'
import { useLocation } from 'wouter-preact'
import { Empty, LinkButton, Notice, PageHeader } from '../../ui/kit'
import { newDraft } from './check-draft'
import { typeBySlug } from './check-types'
import { CheckForm } from './check-form'
import { str, type Doc } from './draft-path'
import { PingUrlPanel } from './types/heartbeat-form'

export default function NewCheck(props: { params: Record<string, string | undefined> }) {
  const type = typeBySlug(props.params.type)
  const [, navigate] = useLocation()
  const [created, setCreated] = useState<Doc | null>(null)
  if (!type) {
    return (
      <Empty title="Unknown check type">
        <p>There is no check type called “{props.params.type}”.</p>
        <LinkButton href="/checks/new">Choose a type</LinkButton>
      </Empty>
    )
  }
  if (created) {
    const id = str(created, 'id')
    return (
      <>
        <PageHeader title={str(created, 'name')} subtitle="Heartbeat check created" />
        <Notice kind="success">The check is waiting for its first ping.</Notice>
        <PingUrlPanel check={created} />
        <div class="form-actions">
          <LinkButton href={`/checks/${id}`} variant="primary">
            Open check
          </LinkButton>
          <LinkButton href={`/checks/${id}/edit`}>Edit check</LinkButton>
        </div>
      </>
    )
  }
  return (
    <>
      <PageHeader title={`New ${type.label} check`} subtitle={type.description} back={{ href: '/checks/new', label: 'Check types' }} />
      <CheckForm
        key={type.slug}
        type={type}
        initial={newDraft(type.slug)}
        cancelHref="/checks/new"
        onSaved={(check) => (type.slug === 'heartbeat' ? setCreated(check) : navigate(`/checks/${str(check, 'id')}`))}
      />
    </>
  )
}
