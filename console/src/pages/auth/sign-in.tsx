/** Sign in with e-mail and password. */
import { useState } from 'preact/hooks'
import { useSearch } from 'wouter-preact'
import { picketApi } from '../../api/endpoints'
import { fieldErrorsOf, FormError, TextField } from '../../ui/form'
import { Button } from '../../ui/kit'
import { AuthFrame } from './auth-frame'
import { useSignIn } from './use-sign-in'

/** Where to go after signing in: the page the visitor asked for, if it is one of ours. */
const nextOf = (search: string): string => {
  const next = new URLSearchParams(search).get('next')
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/'
}

export function SignInPage() {
  const search = useSearch()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { error, busy, submit } = useSignIn(
    () => picketApi.auth.signIn({ email, password }),
    () => nextOf(search),
  )
  const errors = fieldErrorsOf(error)
  return (
    <AuthFrame title="Sign in">
      <form onSubmit={submit} noValidate>
        <FormError error={error} shown={['email', 'password']} />
        <TextField label="E-mail" path="email" errors={errors} type="email" autoComplete="username" required value={email} onValue={setEmail} autoFocus />
        <TextField label="Password" path="password" errors={errors} type="password" autoComplete="current-password" required value={password} onValue={setPassword} />
        <Button variant="primary" type="submit" busy={busy}>
          Sign in
        </Button>
      </form>
      <p class="muted small">New here? The first user is created with the setup link Picket printed when it first started; others join through an invitation.</p>
    </AuthFrame>
  )
}
