/** Pages of the account's configuration: alerting, maintenance, variables, snippets, locations, pages, members. */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

export const settingsRoutes: PageRoute[] = [
  { path: '/settings/members', component: lazy(() => import('./account/members')) },
  { path: '/settings/api-keys', component: lazy(() => import('./account/api-keys')) },
  { path: '/settings/profile', component: lazy(() => import('./account/profile')) },
]
