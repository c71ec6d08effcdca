/** Pages of the checks list and of one check (owned by the check views). Each tab is its own URL and chunk. */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

/** The list of checks, the page most visits start on: main.tsx loads it at once when the address is /. */
export const loadHome = () => import('./home/page')

/** A check's overview, where links to a check lead: main.tsx loads it at once when the address is a check's. */
export const loadOverview = () => import('./check/overview')

/** Whether an address is a check's overview (`/checks/new` is the form of a new check). */
export const isOverviewPath = (path: string): boolean => /^\/checks\/[^/]+\/?$/.test(path) && !/^\/checks\/new\/?$/.test(path)

export const checkViewRoutes: PageRoute[] = [
  { path: '/', component: lazy(loadHome) },
  { path: '/checks/:id/results/:resultId', component: lazy(() => import('./check/result')) },
  { path: '/checks/:id/results', component: lazy(() => import('./check/results')) },
  { path: '/checks/:id/analytics', component: lazy(() => import('./check/analytics')) },
  { path: '/checks/:id/errors', component: lazy(() => import('./check/errors')) },
  { path: '/checks/:id/alerts', component: lazy(() => import('./check/alerts')) },
  { path: '/checks/:id', component: lazy(loadOverview) },
]
