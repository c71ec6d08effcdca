/** The controls of one row of the members list: a member's role and removal, an invitation's revocation. */
import { picketApi } from '../../../api/endpoints'
import { useApiMutation } from '../../../api/hooks'
import { ConfirmButton, ErrorBanner } from '../../../ui/kit'
import { ASSIGNABLE_ROLES, ROLE_LABELS, type AssignableRole } from '../shared/roles'
import type { InviteItem, MemberItem } from './member-types'

const who = (m: MemberItem) => m.name || m.email

export function MemberRoleSelect(props: { member: MemberItem }) {
  const m = props.member
  const change = useApiMutation((role: AssignableRole) => picketApi.users.changeRole(m.userId, role), [picketApi.users.membersRoot])
  return (
    <>
      <select aria-label={`Role of ${who(m)}`} value={m.role} disabled={change.isPending} onChange={(e) => change.mutate(e.currentTarget.value as AssignableRole)}>
        {ASSIGNABLE_ROLES.map((r) => (
          <option value={r}>{ROLE_LABELS[r]}</option>
        ))}
      </select>
      {change.error ? <ErrorBanner error={change.error} title="Role not changed" /> : null}
    </>
  )
}

export function RemoveMember(props: { member: MemberItem }) {
  const m = props.member
  const remove = useApiMutation(() => picketApi.users.removeMember(m.userId), [picketApi.users.membersRoot])
  return (
    <>
      <ConfirmButton label="Remove" confirm={`Remove ${who(m)} from this account? They lose access at once.`} busy={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      {remove.error ? <ErrorBanner error={remove.error} title="Not removed" /> : null}
    </>
  )
}

export function RevokeInvite(props: { invite: InviteItem }) {
  const i = props.invite
  const revoke = useApiMutation(() => picketApi.users.revokeInvite(i.id), [picketApi.users.membersRoot])
  return (
    <>
      <ConfirmButton
        label="Revoke invitation"
        confirm={`Revoke the invitation of ${i.email}? Its link stops working.`}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined)}
      />
      {revoke.error ? <ErrorBanner error={revoke.error} title="Not revoked" /> : null}
    </>
  )
}
