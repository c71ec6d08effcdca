/**
 * The typed client: one function per API operation the console uses, grouped by the server's feature names
 * (`picketApi.checks.list(query)`, `picketApi.groups.update(id, body)`). Everything reaches it through this one
 * object, the session in the first script included, so the client (a few kilobytes every page shares) loads once
 * with that script rather than as small shared scripts, one per group of pages.
 */
import { alertChannelsApi } from './alert-channels'
import { alertingApi } from './alerting'
import { analyticsApi } from './analytics'
import { authApi } from './auth'
import { checkResultsApi } from './check-results'
import { checkSessionsApi } from './check-sessions'
import { skippedRunsApi } from './skipped-runs'
import { checksApi } from './checks'
import { dashboardsApi } from './dashboards'
import { errorGroupsApi } from './error-groups'
import { groupsApi } from './groups'
import { maintenanceApi } from './maintenance'
import { privateLocationsApi } from './private-locations'
import { referenceApi } from './reference-data'
import { snippetsApi } from './snippets'
import { incidentsApi, servicesApi, statusPagesApi } from './status-pages'
import { usersApi } from './users'
import { variablesApi } from './variables'

export const picketApi = {
  alertChannels: alertChannelsApi,
  alerting: alertingApi,
  analytics: analyticsApi,
  auth: authApi,
  checkResults: checkResultsApi,
  checkSessions: checkSessionsApi,
  skippedRuns: skippedRunsApi,
  checks: checksApi,
  dashboards: dashboardsApi,
  errorGroups: errorGroupsApi,
  groups: groupsApi,
  incidents: incidentsApi,
  maintenance: maintenanceApi,
  privateLocations: privateLocationsApi,
  reference: referenceApi,
  services: servicesApi,
  snippets: snippetsApi,
  statusPages: statusPagesApi,
  users: usersApi,
  variables: variablesApi,
}

export type { ChannelTestResult } from './alert-channels'
export type { AlertNotification, AlertSettings, CheckAlert } from './alerting'
export type { AnalyticsResponse, CheckSummary, MetricItem, MetricMeta, SeriesRow, SummaryPoint } from './analytics'
export type { InvitationPreview } from './auth'
export type { AssetEntry, CheckStatus, ResultsQuery } from './check-results'
export type { ChecksQuery } from './checks'
export type { ErrorGroup, ErrorGroupPatch } from './error-groups'
export type { CreatedApiKey, GivenRole } from './users'
