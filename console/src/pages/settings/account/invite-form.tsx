/** Inviting someone by e-mail with a role; the invitation link is shown once, to be sent by the inviter. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApiMutation } from '../../../api/hooks'
import { fieldErrorsOf, FormError, SelectField, TextField } from '../../../ui/form'
import { Button, Card } from '../../../ui/kit'
import { OneTimeSecret } from '../shared/one-time-secret'
import { ROLE_OPTIONS, type AssignableRole } from '../shared/roles'
import { onSubmit } from '../shared/use-form'

export function InviteForm() {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<AssignableRole>('READ_WRITE')
  const [created, setCreated] = useState<{ url: string; email: string } | null>(null)
  const invite = useApiMutation((body: { email: string; role: AssignableRole }) => picketApi.users.invite(body), [picketApi.users.membersRoot])
  const errors = fieldErrorsOf(invite.error)

  const submit = async () => {
    const res = await invite.mutateAsync({ email: email.trim(), role }).catch(() => null)
    if (res) {
      setCreated({ url: res.inviteUrl, email: res.email })
      setEmail('')
    }
  }

  return (
    <Card title="Invite a member">
      {created ? (
        <OneTimeSecret title={`Invitation link for ${created.email}`} value={created.url} copyLabel="Copy invitation link" onDismiss={() => setCreated(null)}>
          <p class="small">Picket does not e-mail it: send this link to {created.email} yourself. It is shown only now; if it is lost, revoke the invitation and invite again.</p>
        </OneTimeSecret>
      ) : null}
      <form class="inline-form" onSubmit={onSubmit(submit)} noValidate>
        <TextField label="E-mail" path="email" errors={errors} type="email" autoComplete="off" value={email} onValue={setEmail} />
        <SelectField label="Role" path="role" errors={errors} value={role} options={ROLE_OPTIONS} onValue={setRole} />
        <Button variant="primary" type="submit" busy={invite.isPending}>
          Invite member
        </Button>
      </form>
      {invite.error ? <FormError error={invite.error} shown={['email', 'role']} /> : null}
    </Card>
  )
}
