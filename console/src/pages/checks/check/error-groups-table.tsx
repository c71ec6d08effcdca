/** Error groups of a check: message, occurrences, first and last seen, and Archive (for those who may write). */
import { picketApi, type ErrorGroupPatch } from '../../../api/endpoints'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { Badge, Button, ErrorBanner, TableWrap } from '../../../ui/kit'
import type { ErrorGroup } from '../types'

function ArchiveButton(props: { group: ErrorGroup }) {
  const g = props.group
  const archived = g.archivedUntilNextEvent || g.archivedForever
  const m = useApiMutation((body: ErrorGroupPatch) => picketApi.errorGroups.update(g.id, body), [picketApi.errorGroups.forCheckRoot(g.checkId)])
  return (
    <>
      {archived ? (
        <Button
          variant="ghost"
          busy={m.isPending}
          onClick={() => m.mutate({ archivedUntilNextEvent: false, archiveForEver: false })}
          aria-label={`Unarchive: ${g.cleanedErrorMessage}`}
        >
          Unarchive
        </Button>
      ) : (
        <Button
          busy={m.isPending}
          onClick={() => m.mutate({ archivedUntilNextEvent: true })}
          aria-label={`Archive: ${g.cleanedErrorMessage}`}
          title="Hide this error until it happens again"
        >
          Archive
        </Button>
      )}
      <ErrorBanner error={m.error} />
    </>
  )
}

export function ErrorGroupsTable(props: { groups: ErrorGroup[] }) {
  const canWrite = useSession().can('write')
  return (
    <TableWrap label="Error groups">
      <table>
        <caption class="visually-hidden">Error groups</caption>
        <thead>
          <tr>
            <th scope="col">Error</th>
            <th scope="col">Count</th>
            <th scope="col">First seen</th>
            <th scope="col">Last seen</th>
            {canWrite ? (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {props.groups.map((g) => (
            <tr key={g.id}>
              <td class="error-cell">
                <code title={g.rawErrorMessage ?? undefined}>{g.rawErrorMessage ?? g.cleanedErrorMessage}</code>
                {g.archivedForever ? <Badge tone="muted">Archived for ever</Badge> : g.archivedUntilNextEvent ? <Badge tone="muted">Archived</Badge> : null}
              </td>
              <td class="num">{g.occurrences}</td>
              <td class="nowrap small" title={formatDateTime(g.firstSeen)}>
                {timeAgo(g.firstSeen)}
              </td>
              <td class="nowrap small" title={formatDateTime(g.lastSeen)}>
                {timeAgo(g.lastSeen)}
              </td>
              {canWrite ? (
                <td>
                  <ArchiveButton group={g} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
