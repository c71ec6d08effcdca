/** Pages of the checks list and of one check (owned by the check views). */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

export const checkViewRoutes: PageRoute[] = [{ path: '/', component: lazy(() => import('./home/page')) }]
