/** /groups/new */
import { useLocation } from 'wouter-preact'
import { PageHeader } from '../../ui/kit'
import { GroupForm } from './group-form'
import { newGroupDraft } from './group-draft'

export default function NewGroup() {
  const [, navigate] = useLocation()
  return (
    <>
      <PageHeader title="New group" subtitle="Share locations, alerting, variables and API defaults between checks." back={{ href: '/groups', label: 'Groups' }} />
      <GroupForm initial={newGroupDraft()} onSaved={(g) => navigate(`/groups/${String(g.id)}`)} />
    </>
  )
}
