/** Pages of the account's configuration: alerting, maintenance, variables, snippets, locations, pages, members. */
import { lazy } from 'preact/compat'
import type { PageRoute } from '../../routes'

const channel = lazy(() => import('./alerting/channel-page'))
const maintenanceWindow = lazy(() => import('./maintenance/window-page'))
const snippet = lazy(() => import('./snippets/snippet-page'))
const location = lazy(() => import('./private-locations/location-page'))
const dashboard = lazy(() => import('./dashboards/dashboard-page'))
const statusPage = lazy(() => import('./status-pages/status-page-page'))
const incident = lazy(() => import('./incidents/incident-page'))

export const settingsRoutes: PageRoute[] = [
  { path: '/alerting/channels', component: lazy(() => import('./alerting/channels-list')) },
  { path: '/alerting/channels/new', component: channel },
  { path: '/alerting/channels/:id', component: channel },
  { path: '/alerting/settings', component: lazy(() => import('./alerting/alert-settings')) },
  { path: '/alerting/notifications', component: lazy(() => import('./alerting/notifications')) },
  { path: '/maintenance-windows', component: lazy(() => import('./maintenance/windows-list')) },
  { path: '/maintenance-windows/new', component: maintenanceWindow },
  { path: '/maintenance-windows/:id', component: maintenanceWindow },
  { path: '/variables', component: lazy(() => import('./variables/variables-page')) },
  { path: '/snippets', component: lazy(() => import('./snippets/snippets-list')) },
  { path: '/snippets/new', component: snippet },
  { path: '/snippets/:id', component: snippet },
  { path: '/private-locations', component: lazy(() => import('./private-locations/locations-list')) },
  { path: '/private-locations/new', component: location },
  { path: '/private-locations/:id', component: location },
  { path: '/pages/dashboards', component: lazy(() => import('./dashboards/dashboards-list')) },
  { path: '/pages/dashboards/new', component: dashboard },
  { path: '/pages/dashboards/:id', component: dashboard },
  { path: '/pages/status-pages', component: lazy(() => import('./status-pages/status-pages-list')) },
  { path: '/pages/status-pages/new', component: statusPage },
  { path: '/pages/status-pages/:id', component: statusPage },
  { path: '/incidents', component: lazy(() => import('./incidents/incidents-list')) },
  { path: '/incidents/new', component: incident },
  { path: '/incidents/:id', component: incident },
  { path: '/settings/members', component: lazy(() => import('./account/members')) },
  { path: '/settings/api-keys', component: lazy(() => import('./account/api-keys')) },
  { path: '/settings/profile', component: lazy(() => import('./account/profile')) },
  { path: '/settings/account', component: lazy(() => import('./account/account-settings')) },
]
