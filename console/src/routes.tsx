/** Every page of the console by path. Each feature folder lists its own pages (loaded on first visit). */
import type { ComponentType } from 'preact'
import { checkViewRoutes } from './pages/checks/routes'
import { checkFormRoutes } from './pages/check-form/routes'
import { settingsRoutes } from './pages/settings/routes'
import { groupRoutes } from './pages/groups/routes'
import { testSessionRoutes } from './pages/test-sessions/routes'

export interface PageRoute {
  path: string
  component: ComponentType<{ params: Record<string, string | undefined> }>
}

export const routes: PageRoute[] = [...checkFormRoutes, ...checkViewRoutes, ...groupRoutes, ...settingsRoutes, ...testSessionRoutes]
