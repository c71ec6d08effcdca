/** Sign in with e-mail and password. */
import { useState } from 'preact/hooks'
import { useLocation, useSearch } from 'wouter-preact'
import { api } from '../../api/client'
import { useSessionState, type SessionInfo } from '../../api/session'
import { fieldErrorsOf, FormError, TextField } from '../../ui/form'
import { Button } from '../../ui/kit'
import { AuthFrame } from './auth-frame'

export function SignInPage() {
  const { signedIn } = useSessionState()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const info = await api.post<SessionInfo>('/v1/auth/sign-in', { email, password })
      signedIn(info)
      const next = new URLSearchParams(search).get('next')
      navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true })
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  const errors = fieldErrorsOf(error)
  return (
    <AuthFrame title="Sign in">
      <form onSubmit={(e) => void submit(e)} noValidate>
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
