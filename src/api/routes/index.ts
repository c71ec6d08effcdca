/** Every resource's routes, registered by buildApp. */
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { checkRoutes } from './checks/checks.js'
import { checkGroupRoutes } from './groups/check-groups.js'
import { variableRoutes } from './variables.js'
import { snippetRoutes } from './snippets.js'
import { alertChannelRoutes } from './alert-channels.js'
import { accountSettingsRoutes } from './account-settings.js'
import { maintenanceWindowRoutes } from './maintenance-windows.js'
import { maintenanceRoutes } from './maintenances.js'
import { referenceDataRoutes } from './reference-data.js'
import { privateLocationRoutes } from './private-locations/private-locations.js'
import { dashboardRoutes } from './dashboards.js'
import { statusPageRoutes } from './status-pages/status-pages.js'
import { resultRoutes } from './results/results.js'
import { resultV2Routes } from './results/results-v2.js'
import { checkSessionRoutes } from './checks/check-sessions.js'
import { skippedRunRoutes } from './checks/skipped-runs.js'
import { triggerRoutes } from './checks/triggers.js'
import { testSessionRoutes } from './test-sessions/test-sessions.js'
import { testSessionErrorGroupRoutes } from './test-sessions/test-session-error-groups.js'
import { deploymentTriggerRoutes } from './test-sessions/deployment-triggers.js'
import { heartbeatRoutes } from './heartbeats/heartbeats.js'
import { alertNotificationRoutes } from './alerting/alert-notifications.js'
import { checkAlertRoutes } from './alerting/check-alerts.js'
import { errorGroupRoutes } from './error-groups.js'
import { rootCauseAnalysisRoutes } from './root-cause-analyses.js'
import { analyticsRoutes } from './analytics.js'
import { analyticsBatchRoutes } from './analytics-batch.js'
import { reportingRoutes } from './reporting.js'
import { assetRoutes } from './results/assets.js'
import { statusPagePublicRoutes } from './status-pages/status-page-public.js'
import { badgeRoutes } from './badges.js'
import { consoleAuthRoutes } from './users/console-auth.js'
import { invitationRoutes } from './users/invitations.js'
import { memberRoutes } from './users/members.js'
import { accountEntitlementRoutes } from './users/account-entitlements.js'
import { apiKeyRoutes } from './users/api-keys.js'
import { privateLocationAgentRoutes } from './private-locations/private-location-agents.js'
import { agentRoutes } from './private-locations/agent/index.js'
import { projectRoutes } from './projects.js'
import { projectDeploymentRoutes } from './project-deployments.js'
import { traceViewerRoutes } from './results/trace-viewer.js'
import { clientCertificateRoutes } from './client-certificates.js'
import { secretScanRoutes } from './secret-scans.js'
import { nextAccountRoutes } from './vendor/next-accounts.js'
import { vendorTestSessionRoutes } from './vendor/vendor-test-sessions.js'
import { checklyStorageRoutes } from './vendor/checkly-storage.js'

export async function resourceRoutes(app: FastifyInstance, services: Services, publicBaseUrl: string): Promise<void> {
  await checkRoutes(app, { checks: services.checks })
  for (const routes of [
    checkGroupRoutes,
    variableRoutes,
    snippetRoutes,
    alertChannelRoutes,
    accountSettingsRoutes,
    maintenanceWindowRoutes,
    maintenanceRoutes,
    referenceDataRoutes,
    privateLocationRoutes,
    dashboardRoutes,
    statusPageRoutes,
    resultRoutes,
    resultV2Routes,
    checkSessionRoutes,
    skippedRunRoutes,
    triggerRoutes,
    testSessionRoutes,
    testSessionErrorGroupRoutes,
    deploymentTriggerRoutes,
    heartbeatRoutes,
    alertNotificationRoutes,
    checkAlertRoutes,
    errorGroupRoutes,
    rootCauseAnalysisRoutes,
    analyticsRoutes,
    analyticsBatchRoutes,
    reportingRoutes,
    assetRoutes,
    badgeRoutes,
    memberRoutes,
    accountEntitlementRoutes,
    apiKeyRoutes,
    privateLocationAgentRoutes,
    agentRoutes,
    projectRoutes,
    projectDeploymentRoutes,
    clientCertificateRoutes,
    secretScanRoutes,
    nextAccountRoutes,
    vendorTestSessionRoutes,
    checklyStorageRoutes,
  ]) {
    await routes(app, services)
  }
  await statusPagePublicRoutes(app, services)
  await consoleAuthRoutes(app, { services, publicBaseUrl })
  await invitationRoutes(app, { services, publicBaseUrl })
  await traceViewerRoutes(app)
}
