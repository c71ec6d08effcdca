/** Pages that create and edit checks (specific paths before the check view's /checks/:id). */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

export const checkFormRoutes: PageRoute[] = [
  { path: '/checks/new', component: lazy(() => import('./choose-type')) },
  { path: '/checks/new/:type', component: lazy(() => import('./new-check')) },
  { path: '/checks/:id/edit', component: lazy(() => import('./edit-check')) },
]
