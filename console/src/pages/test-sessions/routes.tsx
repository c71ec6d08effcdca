/** The page of one test session (the link test sessions answer with opens it). */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

export const testSessionRoutes: PageRoute[] = [{ path: '/test-sessions/:id', component: lazy(() => import('./session')) }]
