/** The submit of the pages that end signed in (sign-in, setup, invitation): busy while sending, the error kept. */
import { useState } from 'preact/hooks'
import { useLocation } from 'wouter-preact'
import { useSessionState, type SessionInfo } from '../../api/session'

export function useSignIn(send: () => Promise<SessionInfo>, destination: () => string = () => '/') {
  const { signedIn } = useSessionState()
  const [, navigate] = useLocation()
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const info = await send()
      // The link's token (after #) is spent: it leaves the address bar and the history.
      if (window.location.hash) history.replaceState(null, '', window.location.pathname)
      signedIn(info)
      navigate(destination(), { replace: true })
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  return { error, busy, submit: (e: Event) => void submit(e) }
}
