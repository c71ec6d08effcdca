/**
 * Builds every service from an open store. Each service is handed only the stores and shared things it declares
 * beside its factory (`...Uses`), so a service cannot reach a table it did not name; the settings a caller leaves
 * out take the defaults of config/service-defaults.ts.
 */
import { newId } from '../lib/ids.js'
import { createWorkBell } from '../lib/work-bell.js'
import type { EngineLog } from '../engine/engine-deps.js'
import { checkHeartbeatDeadlines } from '../engine/heartbeat-deadlines.js'
import { createOutcomeWriter } from '../engine/run-outcome.js'
import { loadBatch } from '../engine/worker.js'
import { createNotifier } from '../alerting/notifier.js'
import { egressGuard, egressProbe } from '../runners/egress-guard.js'
import { probeCertificate } from '../runners/ssl-probe.js'
import type { CheckResultRow } from '../store/run-rows.js'
import {
  AGENT_ARTIFACT_LIMIT_BYTES,
  AGENT_LEASE_MS,
  ARTIFACT_RETENTION_DAYS,
  DEFAULT_LOCATION,
  DEFAULT_SMS,
  DEFAULT_SMTP,
  DEFAULT_STATIC_IPS,
  LOCATION_UNAVAILABLE_AFTER_MS,
  PAGE_CACHE_MS,
} from '../config/service-defaults.js'
import type { ServiceDeps, Services } from '../services/index.js'
import { buildStores, transactor } from '../services/stores.js'
import { narrowDeps, pickStores, type Declared, type ResourceDeps, type SharedName, type StoreName, type Uses } from '../services/resource-deps.js'
import { accountService, accountServiceUses } from '../services/accounts/accounts.js'
import { accountSettingsService, accountSettingsServiceUses } from '../services/accounts/account-settings.js'
import { alertChannelService, alertChannelServiceUses } from '../services/alert-channels/alert-channels.js'
import { alertChannelTestService, alertChannelTestServiceUses } from '../services/alert-channels/alert-channel-test.js'
import { alertingService, alertingServiceUses } from '../services/alerting/alerting.js'
import { notificationService, notificationServiceUses } from '../services/alerting/notifications.js'
import { analyticsService, analyticsServiceUses } from '../services/analytics/query.js'
import { rollupJob, rollupJobUses } from '../services/analytics/rollup-job.js'
import { badgeService, badgeServiceUses } from '../services/badges/badges.js'
import { checkService, checkServiceUses } from '../services/checks/checks.js'
import { checkSessionService, checkSessionServiceUses } from '../services/checks/check-sessions.js'
import { skippedRunService, skippedRunServiceUses } from '../services/checks/skipped-runs.js'
import { triggerService, triggerServiceUses } from '../services/checks/triggers.js'
import { dashboardService, dashboardServiceUses } from '../services/dashboards/dashboards.js'
import { dashboardPageService, dashboardPageServiceUses } from '../services/dashboards/dashboard-page.js'
import { errorGroupService, errorGroupServiceUses } from '../services/error-groups/error-groups.js'
import { rootCauseAnalysisService, rootCauseAnalysisServiceUses } from '../services/root-cause-analyses/root-cause-analyses.js'
import { requiringAgenticModel } from '../services/checks/agentic-model-required.js'
import { checkGroupService, checkGroupServiceUses } from '../services/groups/check-groups.js'
import { heartbeatService, heartbeatServiceUses } from '../services/heartbeats/heartbeats.js'
import { maintenanceWindowService, maintenanceWindowServiceUses } from '../services/maintenance-windows.js'
import { maintenanceService, maintenanceServiceUses } from '../services/maintenances/maintenances.js'
import { agentJobService, agentJobServiceUses } from '../services/private-locations/agent-jobs.js'
import { agentPresenceService, agentPresenceServiceUses } from '../services/private-locations/agent-presence.js'
import { locationAvailabilityService, locationAvailabilityServiceUses } from '../services/private-locations/location-availability.js'
import { privateLocationService, privateLocationServiceUses } from '../services/private-locations/private-locations.js'
import { projectService, projectServiceUses } from '../services/projects/index.js'
import { vendorProjectService, vendorProjectServiceUses } from '../services/projects/vendor-deploy.js'
import { referenceDataService, referenceDataServiceUses } from '../services/reference-data.js'
import { assetService, assetServiceUses, removingCheckFiles } from '../services/results/assets.js'
import { afterFinalResultsHook } from '../services/results/final-results.js'
import { testSessionService, testSessionServiceUses } from '../services/test-sessions/test-sessions.js'
import { testSessionErrorGroupService, testSessionErrorGroupServiceUses } from '../services/test-sessions/test-session-error-groups.js'
import { deploymentTriggerService, deploymentTriggerServiceUses } from '../services/test-sessions/deployment-triggers.js'
import { resultService, resultServiceUses } from '../services/results/results.js'
import { retentionService, retentionServiceUses } from '../services/retention.js'
import { snippetService, snippetServiceUses } from '../services/snippets.js'
import { sslCertificateService, sslCertificateServiceUses } from '../services/ssl/ssl-certificates.js'
import { statusPageService, statusPageServiceUses } from '../services/status-pages/status-pages.js'
import { statusPagePageService, statusPagePageServiceUses } from '../services/status-pages/status-page-page.js'
import { subscriberLinkService, subscriberLinkServiceUses } from '../services/status-pages/subscriber-links.js'
import { apiKeyService, apiKeyServiceUses } from '../services/users/api-keys.js'
import { invitationService, invitationServiceUses } from '../services/users/invitations.js'
import { loginService, loginServiceUses } from '../services/users/logins.js'
import { memberService, memberServiceUses } from '../services/users/members.js'
import { userSetupService, userSetupServiceUses } from '../services/users/setup.js'
import { userAdminService, userAdminServiceUses } from '../services/users/user-admin.js'
import { variableService, variableServiceUses } from '../services/variables.js'
import { clientCertificateService, clientCertificateServiceUses } from '../services/client-certificates/client-certificates.js'
import { secretScanService, secretScanServiceUses } from '../services/secret-scans/secret-scans.js'
import { codeBundleService } from '../services/code-bundles/code-bundles.js'
import { codeBundleStore } from '../store/code-bundles.js'
import { vendorRunService } from '../services/test-sessions/vendor-runs.js'
import { createResultHub } from '../lib/result-hub.js'

const silentLog: EngineLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

export function buildServices(deps: ServiceDeps): Services {
  const stores = buildStores(deps.store)
  const bell = createWorkBell()
  const resultHub = deps.resultHub ?? createResultHub()
  // Late-bound so that services that record results (heartbeats) reach the alerting service built below.
  const hooks = { afterFinalResults: async (_rows: CheckResultRow[]): Promise<void> => undefined }
  const all: ResourceDeps = {
    stores,
    transact: transactor(deps.store),
    clock: deps.clock,
    publicBaseUrl: deps.publicBaseUrl,
    staticIps: deps.staticIps ?? DEFAULT_STATIC_IPS,
    defaultLocation: deps.defaultLocation ?? DEFAULT_LOCATION,
    afterFinalResults: (rows) => hooks.afterFinalResults(rows),
    bell,
    delivery: deps.delivery ?? { smtp: DEFAULT_SMTP, sms: DEFAULT_SMS, resultLinkBase: deps.publicBaseUrl },
  }
  /** What a service declared, and nothing else. */
  const only = <S extends StoreName, D extends SharedName>(declared: Declared<S, D>): Uses<S, D> => narrowDeps(all, declared)
  const leaseMs = deps.privateLocations?.leaseMs ?? AGENT_LEASE_MS
  const unavailableAfterMs = deps.privateLocations?.unavailableAfterMs ?? LOCATION_UNAVAILABLE_AFTER_MS
  const pageCacheMs = deps.pageCacheMs ?? PAGE_CACHE_MS
  const projects = projectService(only(projectServiceUses), { files: deps.artifacts, hasAgenticModel: Boolean(deps.agenticModel) })
  const codeBundles = codeBundleService({ store: deps.codeBundleDir === undefined ? undefined : codeBundleStore(deps.store.db, deps.codeBundleDir), clock: deps.clock })

  const alerting = alertingService(only(alertingServiceUses))
  const errorGroups = errorGroupService(only(errorGroupServiceUses))
  const testSessionErrorGroups = testSessionErrorGroupService(only(testSessionErrorGroupServiceUses))
  const afterFinalResults = afterFinalResultsHook([(rows) => errorGroups.record(rows), (rows) => alerting.evaluate(rows), (rows) => testSessionErrorGroups.record(rows)])
  hooks.afterFinalResults = afterFinalResults
  const sessions = checkSessionService(only(checkSessionServiceUses))
  const testSessionAssets = assetService(only(assetServiceUses), { files: deps.artifacts, retentionDays: deps.artifactRetentionDays ?? ARTIFACT_RETENTION_DAYS })
  const testSessions = testSessionService(only(testSessionServiceUses), { checkSessions: sessions, assets: testSessionAssets })
  const accounts = accountService(only(accountServiceUses))
  const logins = loginService(only(loginServiceUses))
  // The engine's parts type their deps over every store; they are built here, where every store is at hand.
  const deadlines = { stores: pickStores(stores, ['heartbeats']), transact: all.transact, clock: all.clock, afterFinalResults: all.afterFinalResults }
  const notifier = createNotifier({ stores, clock: all.clock, delivery: all.delivery, instanceId: newId(), ...(deps.notifierMetrics ? { metrics: deps.notifierMetrics } : {}) })
  const agentEngine = {
    loadBatch: (jobs: Parameters<typeof loadBatch>[1]) => loadBatch(stores, jobs),
    writer: createOutcomeWriter({
      transact: all.transact,
      clock: all.clock,
      log: silentLog,
      onFinalResults: all.afterFinalResults,
      ...(deps.runMetrics ? { metrics: deps.runMetrics } : {}),
    }),
  }
  return {
    accounts,
    logins,
    users: userSetupService(only(userSetupServiceUses)),
    userAdmin: userAdminService(only(userAdminServiceUses)),
    members: memberService(only(memberServiceUses)),
    invitations: invitationService(only(invitationServiceUses), logins),
    apiKeys: apiKeyService(only(apiKeyServiceUses), accounts),
    alertChannelTests: alertChannelTestService(only(alertChannelTestServiceUses)),
    checks: removingCheckFiles(requiringAgenticModel(checkService(only(checkServiceUses)), Boolean(deps.agenticModel)), deps.artifacts),
    checkGroups: checkGroupService(only(checkGroupServiceUses)),
    variables: variableService(only(variableServiceUses)),
    snippets: snippetService(only(snippetServiceUses)),
    alertChannels: alertChannelService(only(alertChannelServiceUses)),
    accountSettings: accountSettingsService(only(accountSettingsServiceUses)),
    maintenanceWindows: maintenanceWindowService(only(maintenanceWindowServiceUses)),
    maintenances: maintenanceService(only(maintenanceServiceUses)),
    referenceData: referenceDataService(only(referenceDataServiceUses)),
    privateLocations: privateLocationService(only(privateLocationServiceUses), { recentMs: unavailableAfterMs }),
    dashboards: dashboardService(only(dashboardServiceUses)),
    statusPages: statusPageService(only(statusPageServiceUses)),
    statusPageSubscribers: subscriberLinkService(only(subscriberLinkServiceUses)),
    results: resultService(only(resultServiceUses)),
    checkSessions: sessions,
    skippedRuns: skippedRunService(only(skippedRunServiceUses)),
    triggers: triggerService(only(triggerServiceUses), sessions, testSessions),
    testSessions,
    testSessionErrorGroups,
    deploymentTriggers: deploymentTriggerService(only(deploymentTriggerServiceUses), testSessions),
    heartbeats: heartbeatService(only(heartbeatServiceUses), () => checkHeartbeatDeadlines(deadlines)),
    alerting,
    notifications: notificationService(only(notificationServiceUses), notifier),
    sslCertificates: sslCertificateService({ ...only(sslCertificateServiceUses), probe: egressProbe(egressGuard(deps.egress), probeCertificate) }),
    errorGroups,
    rootCauseAnalyses: rootCauseAnalysisService(only(rootCauseAnalysisServiceUses), { model: deps.agenticModel ?? null }),
    afterFinalResults,
    analytics: analyticsService(only(analyticsServiceUses)),
    analyticsRollup: rollupJob(only(rollupJobUses)),
    artifacts: assetService(only(assetServiceUses), { files: deps.artifacts, retentionDays: deps.artifactRetentionDays ?? ARTIFACT_RETENTION_DAYS }),
    badges: badgeService(only(badgeServiceUses)),
    dashboardPages: dashboardPageService(only(dashboardPageServiceUses), { cacheMs: pageCacheMs }),
    statusPagePages: statusPagePageService(only(statusPagePageServiceUses), { cacheMs: pageCacheMs }),
    agentJobs: agentJobService(only(agentJobServiceUses), {
      engine: agentEngine,
      files: deps.artifacts,
      artifactLimitBytes: deps.agentArtifactLimitBytes ?? AGENT_ARTIFACT_LIMIT_BYTES,
      leaseMs,
      metrics: deps.runMetrics,
    }),
    agentPresence: agentPresenceService(only(agentPresenceServiceUses)),
    locationAvailability: locationAvailabilityService(only(locationAvailabilityServiceUses), { unavailableAfterMs }),
    retention: retentionService(only(retentionServiceUses), deps.retention),
    projects,
    vendorProjects: vendorProjectService(only(vendorProjectServiceUses), projects, codeBundles),
    codeBundles,
    vendorRuns: vendorRunService({ projects, checks: checkService(only(checkServiceUses)), checkSessions: sessions, testSessions, hub: resultHub, bundles: codeBundles }),
    resultHub,
    clientCertificates: clientCertificateService(only(clientCertificateServiceUses)),
    secretScans: secretScanService(only(secretScanServiceUses)),
    bell,
    ping: () =>
      stores.accounts.countAccounts().then(
        () => true,
        () => false,
      ),
  }
}
