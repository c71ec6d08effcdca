/** /checks/:id/edit: the saved check in its type's form. */
import { useLocation } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { Empty, ErrorBanner, LinkButton, Loading, Notice, PageHeader } from '../../ui/kit'
import { typeByCheckType } from './check-types'
import { CheckForm } from './check-form'
import { str, type Doc } from './draft-path'

export default function EditCheck(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id ?? ''
  const [, navigate] = useLocation()
  // Fresh from the server: an edit must start from what is stored now, not from a cached copy.
  const check = useApi(picketApi.checks.get(id), { staleTime: 0, refetchOnWindowFocus: false })
  if (check.isLoading) return <Loading label="Loading the check…" />
  if (check.error) {
    if (check.error.status === 404) {
      return (
        <Empty title="Check not found">
          <p>There is no check with this id in this account.</p>
          <LinkButton href="/">Go to checks</LinkButton>
        </Empty>
      )
    }
    return <ErrorBanner error={check.error} title="The check could not be loaded" />
  }
  const data = check.data
  if (!data) return null
  const type = typeByCheckType(data.checkType)
  if (!type) return <ErrorBanner error={`Checks of type ${str(data, 'checkType')} cannot be edited here.`} />
  return (
    <>
      <PageHeader title={`Edit ${str(data, 'name')}`} subtitle={`${type.label} check`} back={{ href: `/checks/${id}`, label: 'Check' }} />
      <ManagedByProject check={data} />
      <CheckForm key={id} type={type} initial={data} checkId={id} cancelHref={`/checks/${id}`} onSaved={() => navigate(`/checks/${id}`)} />
    </>
  )
}

/** A check deployed from code: an edit here lasts until that project's next deploy puts the files' version back. */
function ManagedByProject(props: { check: Doc }) {
  const project = props.check.project as { logicalId?: unknown } | null | undefined
  if (!project || typeof project.logicalId !== 'string') return null
  return (
    <Notice kind="warning">
      This check is deployed from code by project <strong>{project.logicalId}</strong> (logical id <code>{str(props.check, 'logicalId')}</code>). A change saved here is put back by
      that project&apos;s next <code>picket deploy</code>; change its check file instead.
    </Notice>
  )
}
