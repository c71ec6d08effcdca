/** /settings/profile: who is signed in, and changing the password. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { fieldErrorsOf, FormError, TextField } from '../../../ui/form'
import { Button, Card, Notice, PageHeader } from '../../../ui/kit'
import { ROLE_LABELS } from '../shared/roles'
import { onSubmit } from '../shared/use-form'
import '../shared/settings.css'

function PasswordForm() {
  const [currentPassword, setCurrent] = useState('')
  const [newPassword, setNew] = useState('')
  const [done, setDone] = useState(false)
  const change = useApiMutation((body: { currentPassword: string; newPassword: string }) => picketApi.auth.changePassword(body))
  const errors = fieldErrorsOf(change.error)
  const submit = async () => {
    setDone(false)
    const ok = await change.mutateAsync({ currentPassword, newPassword }).then(
      () => true,
      () => false,
    )
    if (ok) {
      setCurrent('')
      setNew('')
      setDone(true)
    }
  }
  return (
    <Card title="Change password">
      <form class="settings-form" onSubmit={onSubmit(submit)} noValidate>
        {done ? <Notice kind="success">Your password was changed.</Notice> : null}
        {change.error ? <FormError error={change.error} shown={['currentPassword', 'newPassword']} /> : null}
        <TextField label="Current password" path="currentPassword" errors={errors} type="password" autoComplete="current-password" value={currentPassword} onValue={setCurrent} />
        <TextField
          label="New password"
          path="newPassword"
          errors={errors}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onValue={setNew}
          hint="At least 10 characters."
        />
        <Button variant="primary" type="submit" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  )
}

export default function ProfilePage() {
  const session = useSession()
  const { user } = session.info
  return (
    <>
      <PageHeader title="Your profile" />
      <Card title="You">
        <dl class="dl">
          <dt>Name</dt>
          <dd>{user.name || <span class="muted">Not set</span>}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Accounts</dt>
          <dd>
            <ul class="list-plain">
              {session.info.accounts.map((a) => (
                <li>
                  {a.name} <span class="muted small">· {ROLE_LABELS[a.role]}</span>
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </Card>
      <PasswordForm />
    </>
  )
}
