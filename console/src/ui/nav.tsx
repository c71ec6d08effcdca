/** The side navigation: every area of the console, the account switcher and the user menu. */
import { Link, useLocation } from 'wouter-preact'
import { useSession } from '../api/session'

const SECTIONS: Array<{ title: string; items: Array<{ href: string; label: string }> }> = [
  {
    title: 'Monitoring',
    items: [
      { href: '/', label: 'Checks' },
      { href: '/groups', label: 'Groups' },
      { href: '/incidents', label: 'Incidents' },
    ],
  },
  {
    title: 'Alerting',
    items: [
      { href: '/alerting/channels', label: 'Alert channels' },
      { href: '/alerting/settings', label: 'Alert settings' },
      { href: '/alerting/notifications', label: 'Notifications' },
      { href: '/maintenance-windows', label: 'Maintenance' },
    ],
  },
  {
    title: 'Share',
    items: [
      { href: '/pages/dashboards', label: 'Dashboards' },
      { href: '/pages/status-pages', label: 'Status pages' },
    ],
  },
  {
    title: 'Configure',
    items: [
      { href: '/variables', label: 'Variables' },
      { href: '/snippets', label: 'Snippets' },
      { href: '/private-locations', label: 'Private locations' },
    ],
  },
  {
    title: 'Account',
    items: [
      { href: '/settings/account', label: 'Account settings' },
      { href: '/settings/members', label: 'Members' },
      { href: '/settings/api-keys', label: 'API keys' },
      { href: '/settings/profile', label: 'Your profile' },
    ],
  },
]

const isActive = (href: string, location: string) => (href === '/' ? location === '/' || location.startsWith('/checks') : location === href || location.startsWith(`${href}/`))

/** The navigation entry an address belongs to ("Alert channels" for /alerting/channels/3): the default page title. */
export function navLabel(location: string): string | undefined {
  return SECTIONS.flatMap((s) => s.items).find((i) => isActive(i.href, location))?.label
}

export function Nav(props: { onNavigate?: () => void }) {
  const [location] = useLocation()
  const session = useSession()
  return (
    <nav class="nav" aria-label="Main">
      {SECTIONS.map((s) => (
        <div class="nav-section">
          <h2>{s.title}</h2>
          <ul>
            {s.items.map((i) => (
              <li>
                <Link
                  href={i.href}
                  class={isActive(i.href, location) ? 'active' : undefined}
                  aria-current={isActive(i.href, location) ? 'page' : undefined}
                  onClick={props.onNavigate}
                >
                  {i.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div class="nav-foot">
        {session.info.accounts.length > 1 ? (
          <label>
            Account
            <select value={session.account.id} onChange={(e) => session.switchAccount(e.currentTarget.value)}>
              {session.info.accounts.map((a) => (
                <option value={a.id}>{a.name}</option>
              ))}
            </select>
          </label>
        ) : (
          <p class="muted">{session.account.name}</p>
        )}
        <p class="muted small">
          {session.info.user.email} · {session.account.role.replace('_', '-').toLowerCase()}
        </p>
      </div>
    </nav>
  )
}
