/** A check's error groups: its failing runs grouped by message, with Archive; archived ones on request. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CheckboxField } from '../../../ui/form'
import { Empty, ErrorBanner, Loading } from '../../../ui/kit'
import { Pager } from '../pager'
import type { Check } from '../types'
import { ErrorGroupsTable } from './error-groups-table'
import { CheckFrame } from './frame'

const LIMIT = 25

function ErrorsTab(props: { check: Check }) {
  const [page, setPage] = useState(1)
  const [archived, setArchived] = useState(false)
  const q = useApi(picketApi.errorGroups.forCheck(props.check.id, { limit: LIMIT, page, includeArchived: archived || undefined }))
  return (
    <>
      <CheckboxField label="Show archived errors" path="includeArchived" errors={{}} checked={archived} onChecked={(v) => (setArchived(v), setPage(1))} />
      <ErrorBanner error={q.error} title="Errors could not be loaded" />
      {q.isLoading ? (
        <Loading label="Loading errors…" />
      ) : q.data && q.data.rows.length > 0 ? (
        <ErrorGroupsTable groups={q.data.rows} />
      ) : !q.error ? (
        <Empty title="No errors">
          <p class="muted">Failing runs with the same error are grouped here. {archived ? '' : 'Archived errors are hidden.'}</p>
        </Empty>
      ) : null}
      <Pager page={page} limit={LIMIT} total={q.data?.total ?? null} count={q.data?.rows.length ?? 0} onPage={setPage} label="Pages of errors" />
    </>
  )
}

export default function Errors(props: { params: Record<string, string | undefined> }) {
  return (
    <CheckFrame id={props.params.id ?? ''} tab="errors">
      {(check) => <ErrorsTab check={check} />}
    </CheckFrame>
  )
}
