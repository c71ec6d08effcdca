/** The console: query cache, session, and the pages behind the sign-in gate. */
import { Suspense } from 'preact/compat'
import { QueryClient, QueryClientProvider } from '@tanstack/preact-query'
import { Redirect, Route, Switch, useLocation } from 'wouter-preact'
import { SessionProvider, useSessionState } from './api/session'
import { ApiError } from './api/client'
import { Layout } from './ui/layout'
import { Loading } from './ui/kit'
import { NotFoundPage } from './ui/not-found'
import { routes } from './routes'
import { SignInPage } from './pages/auth/sign-in'
import { SetupPage } from './pages/auth/setup'
import { InvitePage } from './pages/auth/invite'
import { prefetchHome } from './pages/checks/home/home-reads'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: true,
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
})

/** The list of checks, where most visits start, asks for its data as soon as the account is known. */
const startFirstReads = () => {
  if (window.location.pathname === '/') prefetchHome(queryClient, window.location.search)
}

function Gate() {
  const { state } = useSessionState()
  const [location] = useLocation()
  if (state.status === 'loading') return <Loading label="Starting Picket…" />
  if (state.status === 'signed-out') {
    return (
      <Switch>
        <Route path="/setup" component={SetupPage} />
        <Route path="/invite" component={InvitePage} />
        <Route path="/sign-in" component={SignInPage} />
        <Route>
          <Redirect to={`/sign-in${location === '/' ? '' : `?next=${encodeURIComponent(location)}`}`} />
        </Route>
      </Switch>
    )
  }
  return (
    <Switch>
      <Route path="/sign-in">
        <Redirect to="/" />
      </Route>
      <Route path="/setup">
        <Redirect to="/" />
      </Route>
      <Route path="/invite" component={InvitePage} />
      <Route>
        <Layout>
          <Suspense fallback={<Loading />}>
            <Switch>
              {routes.map((r) => (
                <Route path={r.path} component={r.component} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </Layout>
      </Route>
    </Switch>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedIn={startFirstReads}>
        <Gate />
      </SessionProvider>
    </QueryClientProvider>
  )
}
