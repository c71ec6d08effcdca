/** Check group pages (/groups/new before /groups/:id). */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

export const groupRoutes: PageRoute[] = [
  { path: '/groups', component: lazy(() => import('./list')) },
  { path: '/groups/new', component: lazy(() => import('./new-group')) },
  { path: '/groups/:id', component: lazy(() => import('./edit-group')) },
]
