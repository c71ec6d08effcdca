/** /groups/:id: the group's settings, its checks, and delete. */
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { Empty, ErrorBanner, LinkButton, Loading, Notice, PageHeader } from '../../ui/kit'
import { useState } from 'preact/hooks'
import { GroupForm } from './group-form'
import { GroupChecks } from './group-checks'

export default function EditGroup(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id ?? ''
  const group = useApi(picketApi.groups.get(id), { staleTime: 0, refetchOnWindowFocus: false })
  const [saved, setSaved] = useState(false)
  if (group.isLoading) return <Loading label="Loading the group…" />
  if (group.error) {
    if (group.error.status === 404) {
      return (
        <Empty title="Group not found">
          <p>There is no group with this id in this account.</p>
          <LinkButton href="/groups">Go to groups</LinkButton>
        </Empty>
      )
    }
    return <ErrorBanner error={group.error} title="The group could not be loaded" />
  }
  const data = group.data
  if (!data) return null
  return (
    <>
      <PageHeader title={String(data.name ?? `Group ${id}`)} subtitle="Check group" back={{ href: '/groups', label: 'Groups' }} />
      {saved ? <Notice kind="success">Changes saved.</Notice> : null}
      <GroupChecks groupId={id} />
      <GroupForm key={id} initial={data} groupId={id} onSaved={() => setSaved(true)} />
    </>
  )
}
