/** The frame of every signed-in page: a top bar, the navigation (a drawer on phones) and the page. */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { Link, useLocation } from 'wouter-preact'
import { useSession } from '../api/session'
import { Nav, navLabel } from './nav'
import { TitleProvider } from './title'

export function Layout(props: { children: ComponentChildren }) {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [location] = useLocation()
  return (
    <TitleProvider fallback={[navLabel(location)]}>
      <div class={`shell${open ? ' nav-open' : ''}`}>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="topbar">
          <button type="button" class="btn btn-secondary menu-toggle" aria-expanded={open} aria-controls="side-nav" onClick={() => setOpen(!open)}>
            Menu
          </button>
          <Link href="/" class="brand">
            Picket
          </Link>
          <span class="topbar-account muted">{session.account.name}</span>
          <button type="button" class="btn btn-ghost" onClick={() => void session.signOut()}>
            Sign out
          </button>
        </header>
        <aside id="side-nav" class="side">
          <Nav onNavigate={() => setOpen(false)} />
        </aside>
        <main id="main" class="content" tabIndex={-1}>
          {props.children}
        </main>
      </div>
    </TitleProvider>
  )
}
