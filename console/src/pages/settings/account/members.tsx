/** /settings/members: who can use this account, with which role, and the invitations not yet accepted. */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { formatDateTime } from '../../../lib/format'
import { Badge, Empty, ErrorBanner, Loading, PageHeader, TableWrap } from '../../../ui/kit'
import { ROLE_LABELS } from '../shared/roles'
import { InviteForm } from './invite-form'
import { MemberRoleSelect, RemoveMember, RevokeInvite } from './member-actions'
import type { InviteItem, MemberItem } from './member-types'
import '../shared/settings.css'

function MemberRow(props: { m: MemberItem; manage: boolean; self: boolean }) {
  const { m, manage } = props
  const fixed = m.role === 'OWNER' || !manage
  return (
    <tr>
      <td>
        {m.name || m.email} {props.self ? <Badge tone="info">You</Badge> : null}
        {m.name ? <div class="muted small">{m.email}</div> : null}
      </td>
      <td>{fixed ? (ROLE_LABELS[m.role] ?? m.role) : <MemberRoleSelect member={m} />}</td>
      <td>
        <Badge tone={m.status === 'ACTIVE' ? 'ok' : 'muted'}>{m.status.toLowerCase()}</Badge>
      </td>
      <td>
        {fixed ? null : (
          <div class="row-actions">
            <RemoveMember member={m} />
          </div>
        )}
      </td>
    </tr>
  )
}

function InviteRow(props: { i: InviteItem; manage: boolean }) {
  const { i } = props
  return (
    <tr>
      <td>
        {i.email}
        <div class="muted small">
          Invited{i.inviterEmail ? ` by ${i.inviterEmail}` : ''}
          {i.expiresAt ? `, expires ${formatDateTime(i.expiresAt)}` : ''}
        </div>
      </td>
      <td>{ROLE_LABELS[i.role] ?? i.role}</td>
      <td>
        <Badge tone={i.status === 'PENDING' ? 'degraded' : 'muted'}>{`invitation ${i.status.toLowerCase()}`}</Badge>
      </td>
      <td>
        {props.manage ? (
          <div class="row-actions">
            <RevokeInvite invite={i} />
          </div>
        ) : null}
      </td>
    </tr>
  )
}

export default function MembersPage() {
  const session = useSession()
  const manage = session.can('manage')
  const list = useApi(picketApi.users.members())
  const items = list.data?.members ?? []
  return (
    <>
      <PageHeader title="Members" subtitle={`People who can use ${session.account.name}, and invitations not yet accepted.`} />
      {manage ? <InviteForm /> : null}
      {list.isLoading ? <Loading /> : null}
      <ErrorBanner error={list.error} title="Could not load the members" />
      {list.data && items.length === 0 ? <Empty title="No members yet" /> : null}
      {items.length > 0 ? (
        <TableWrap label="Members and invitations">
          <table>
            <caption class="visually-hidden">Members and invitations</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) =>
                item.type === 'invite' ? <InviteRow i={item} manage={manage} /> : <MemberRow m={item} manage={manage} self={item.userId === session.info.user.id} />,
              )}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </>
  )
}
