/** The first user, created with the one-time setup link printed at the first start (`/setup#<token>`). */
import { useState } from 'preact/hooks'
import { picketApi } from '../../api/endpoints'
import { fieldErrorsOf, FormError, TextField } from '../../ui/form'
import { Button, Notice } from '../../ui/kit'
import { AuthFrame } from './auth-frame'
import { useSignIn } from './use-sign-in'

export function SetupPage() {
  const token = window.location.hash.slice(1)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { error, busy, submit } = useSignIn(() => picketApi.auth.setup({ token, name, email, password }))
  const errors = fieldErrorsOf(error)
  return (
    <AuthFrame title="Create the first user">
      {token ? null : <Notice kind="warning">This page needs the setup link Picket printed at its first start (it ends in #…).</Notice>}
      <p class="muted">This user owns the account Picket created. You can invite others once you are in.</p>
      <form onSubmit={submit} noValidate>
        <FormError error={error} shown={['name', 'email', 'password']} />
        <TextField label="Your name" path="name" errors={errors} autoComplete="name" value={name} onValue={setName} />
        <TextField label="E-mail" path="email" errors={errors} type="email" autoComplete="username" value={email} onValue={setEmail} />
        <TextField
          label="Password"
          path="password"
          errors={errors}
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          hint="At least 10 characters."
        />
        <Button variant="primary" type="submit" busy={busy} disabled={!token}>
          Create user and sign in
        </Button>
      </form>
    </AuthFrame>
  )
}
