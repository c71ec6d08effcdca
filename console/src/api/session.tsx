/** Who is signed in, which account they act for, and what their role there lets them do. */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks'
import { useQueryClient } from '@tanstack/preact-query'
import { setCredentials, setUnauthorizedHandler } from './client'
import type { SessionInfo } from './contracts'
import { picketApi } from './endpoints'

export type { SessionInfo }
export type Role = SessionInfo['accounts'][number]['role']
export type Permission = 'read' | 'run' | 'write' | 'manage' | 'own'

const GRANTS: Record<Role, Permission[]> = {
  OWNER: ['read', 'run', 'write', 'manage', 'own'],
  ADMIN: ['read', 'run', 'write', 'manage'],
  READ_WRITE: ['read', 'run', 'write'],
  READ_RUN: ['read', 'run'],
  READ_ONLY: ['read'],
}

export interface Session {
  info: SessionInfo
  account: SessionInfo['accounts'][number]
  /** Whether the role in the current account allows it (the server enforces the same rule). */
  can(permission: Permission): boolean
  switchAccount(id: string): void
  signOut(): Promise<void>
  /** Replaces the session after sign-in, setup or accepting an invitation. */
  signedIn(info: SessionInfo): void
}

type State = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; info: SessionInfo; accountId: string }

const SessionContext = createContext<{ state: State; session: Session | null; signedIn(info: SessionInfo): void } | null>(null)

const ACCOUNT_KEY = 'picket.account'

/** The first question, asked as soon as the script runs, while the first page's code is still loading. */
let firstSession: Promise<SessionInfo> | null = picketApi.auth.session()
firstSession.catch(() => undefined)

function chooseAccount(info: SessionInfo, wanted: string | null): string {
  return info.accounts.find((a) => a.id === wanted)?.id ?? info.accounts[0]?.id ?? ''
}

/** `onSignedIn`: called once the account is known, before any page renders (to start the first page's reads). */
export function SessionProvider(props: { children: ComponentChildren; onSignedIn?: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' })
  const queryClient = useQueryClient()

  const signedIn = useCallback((info: SessionInfo) => {
    const accountId = chooseAccount(info, localStorage.getItem(ACCOUNT_KEY))
    setCredentials({ accountId, csrfToken: info.csrfToken })
    props.onSignedIn?.()
    setState({ status: 'signed-in', info, accountId })
  }, [])

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setCredentials(null)
      queryClient.clear()
      setState({ status: 'signed-out' })
    })
    const asked = firstSession ?? picketApi.auth.session()
    firstSession = null
    // Not signed in (401), or the service cannot be reached: the sign-in page says what happens next.
    asked.then(signedIn, () => setState({ status: 'signed-out' }))
  }, [])

  const session = useMemo<Session | null>(() => {
    if (state.status !== 'signed-in') return null
    const account = state.info.accounts.find((a) => a.id === state.accountId) ?? state.info.accounts[0]
    if (!account) return null
    return {
      info: state.info,
      account,
      can: (p) => GRANTS[account.role].includes(p),
      switchAccount(id) {
        localStorage.setItem(ACCOUNT_KEY, id)
        setCredentials({ accountId: id, csrfToken: state.info.csrfToken })
        queryClient.clear()
        setState({ ...state, accountId: id })
      },
      async signOut() {
        await picketApi.auth.signOut().catch(() => undefined)
        setCredentials(null)
        queryClient.clear()
        setState({ status: 'signed-out' })
      },
      signedIn,
    }
  }, [state])

  return <SessionContext.Provider value={{ state, session, signedIn }}>{props.children}</SessionContext.Provider>
}

export function useSessionState() {
  const ctx = useContext(SessionContext)
  if (!ctx) throw new Error('useSessionState outside SessionProvider')
  return ctx
}

/** The signed-in session; pages behind the sign-in gate only. */
export function useSession(): Session {
  const { session } = useSessionState()
  if (!session) throw new Error('useSession without a signed-in session')
  return session
}
