/** Accepting an invitation (`/invite#<token>`): a new user picks a password; a known one confirms theirs. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { fieldErrorsOf, FormError, TextField } from '../../ui/form'
import { Button, ErrorBanner, Loading } from '../../ui/kit'
import { AuthFrame } from './auth-frame'
import { useSignIn } from './use-sign-in'

export function InvitePage() {
  const token = window.location.hash.slice(1)
  const invite = useApi(token ? picketApi.auth.invitation(token) : null)
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const userExists = invite.data?.userExists === true
  const { error, busy, submit } = useSignIn(() => picketApi.auth.acceptInvitation(token, userExists ? { password } : { name, password }))

  if (!token) return <AuthFrame title="Invitation">This page needs the invitation link you were sent (it ends in #…).</AuthFrame>
  if (invite.isLoading) return <Loading />
  if (invite.error || !invite.data)
    return (
      <AuthFrame title="Invitation">
        <ErrorBanner error={invite.error ?? 'Unknown invitation'} />
      </AuthFrame>
    )
  const data = invite.data

  const errors = fieldErrorsOf(error)
  return (
    <AuthFrame title={`Join ${data.accountName}`}>
      <p class="muted">
        {data.inviterEmail} invited <strong>{data.email}</strong> as {data.role.replace('_', '-').toLowerCase()}.
      </p>
      <form onSubmit={submit} noValidate>
        <FormError error={error} shown={['name', 'password']} />
        {data.userExists ? null : <TextField label="Your name" path="name" errors={errors} autoComplete="name" value={name} onValue={setName} />}
        <TextField
          label={data.userExists ? 'Your password' : 'Choose a password'}
          path="password"
          errors={errors}
          type="password"
          autoComplete={data.userExists ? 'current-password' : 'new-password'}
          value={password}
          onValue={setPassword}
          hint={data.userExists ? 'You already have a Picket user with this e-mail.' : 'At least 10 characters.'}
        />
        <Button variant="primary" type="submit" busy={busy}>
          Accept invitation
        </Button>
      </form>
    </AuthFrame>
  )
}
