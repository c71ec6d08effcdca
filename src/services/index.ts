/** Every use case of the service, built from stores and a clock. */
import type { Clock } from '../lib/clock.js'
import type { Store } from '../store/db.js'
import { accountService, type AccountService } from './accounts/accounts.js'
import { checkService, type CheckService } from './checks/checks.js'
import { buildStores, transactor } from './stores.js'
import type { ResourceDeps } from './resource-deps.js'
import { checkGroupService, type CheckGroupService } from './groups/check-groups.js'
import { variableService, type VariableService } from './variables.js'
import { snippetService, type SnippetService } from './snippets.js'
import { alertChannelService, type AlertChannelService } from './alert-channels/alert-channels.js'
import { accountSettingsService, type AccountSettingsService } from './accounts/account-settings.js'
import { maintenanceWindowService, type MaintenanceWindowService } from './maintenance-windows.js'
import { referenceDataService, type ReferenceDataService } from './reference-data.js'
import { privateLocationService, type PrivateLocationService } from './private-locations/private-locations.js'
import { dashboardService, type DashboardService } from './dashboards/dashboards.js'
import { statusPageService, type StatusPageService } from './status-pages/status-pages.js'
import { subscriberLinkService, type SubscriberLinkService } from './status-pages/subscriber-links.js'
import { resultService, type ResultService } from './results/results.js'
import { checkSessionService, type CheckSessionService } from './checks/check-sessions.js'
import { triggerService, type TriggerService } from './checks/triggers.js'
import { heartbeatService, type HeartbeatService } from './heartbeats/heartbeats.js'
import { alertingService, type AlertingService } from './alerting/alerting.js'
import { notificationService, type NotificationService } from './alerting/notifications.js'
import { sslCertificateService, type SslCertificateService } from './ssl/ssl-certificates.js'
import { errorGroupService, type ErrorGroupService } from './error-groups/error-groups.js'
import { afterFinalResultsHook } from './results/final-results.js'
import type { CheckResultRow } from '../store/schema.js'
import { analyticsService, type AnalyticsService } from './analytics/query.js'
import { rollupJob, type RollupJob } from './analytics/rollup-job.js'
import type { DeliveryConfig } from './resource-deps.js'
import type { ArtifactFiles } from '../store/artifact-files.js'
import { assetService, removingCheckFiles, type AssetService } from './results/assets.js'
import { badgeService, type BadgeService } from './badges/badges.js'
import { dashboardPageService, type DashboardPageService } from './dashboards/dashboard-page.js'
import { statusPagePageService, type StatusPagePageService } from './status-pages/status-page-page.js'
import { loginService, type LoginService } from './users/logins.js'
import { userSetupService, type UserSetupService } from './users/setup.js'
import { memberService, type MemberService } from './users/members.js'
import { invitationService, type InvitationService } from './users/invitations.js'
import { apiKeyService, type ApiKeyService } from './users/api-keys.js'
import { userAdminService, type UserAdminService } from './users/user-admin.js'
import { alertChannelTestService, type AlertChannelTestService } from './alert-channels/alert-channel-test.js'
import { agentJobService, type AgentJobService } from './private-locations/agent-jobs.js'
import { agentPresenceService, type AgentPresenceService } from './private-locations/agent-presence.js'
import { locationAvailabilityService, type LocationAvailabilityService } from './private-locations/location-availability.js'
import { retentionService, type RetentionService, type RetentionSettings } from './retention.js'
import type { NotifierMetrics } from '../alerting/notifier.js'
import type { EngineMetrics } from '../engine/engine-deps.js'
import type { EgressPolicy } from '../domain/egress.js'
import { egressGuard, egressProbe } from '../runners/egress-guard.js'
import { probeCertificate } from '../runners/ssl-probe.js'
import { createWorkBell, type WorkBell } from '../lib/work-bell.js'
import { projectService, type ProjectService } from './projects/index.js'

export interface Services {
  accounts: AccountService
  checks: CheckService
  checkGroups: CheckGroupService
  variables: VariableService
  snippets: SnippetService
  alertChannels: AlertChannelService
  accountSettings: AccountSettingsService
  maintenanceWindows: MaintenanceWindowService
  referenceData: ReferenceDataService
  privateLocations: PrivateLocationService
  dashboards: DashboardService
  statusPages: StatusPageService
  /** The public subscriber links (confirm, unsubscribe) and the delivery of subscriber e-mails. */
  statusPageSubscribers: SubscriberLinkService
  results: ResultService
  checkSessions: CheckSessionService
  triggers: TriggerService
  heartbeats: HeartbeatService
  alerting: AlertingService
  notifications: NotificationService
  sslCertificates: SslCertificateService
  errorGroups: ErrorGroupService
  /**
   * Everything that follows the storing of FINAL results, on every path (engine writer, heartbeat pings and
   * deadlines): error grouping and alert evaluation. One failing does not keep the other from running.
   */
  afterFinalResults(rows: CheckResultRow[]): Promise<void>
  analytics: AnalyticsService
  /** Folds new final results into the analytics roll-ups (periodic work). */
  analyticsRollup: RollupJob
  /** Stored files of browser, multi-step and Playwright results: manifests, downloads, retention. */
  artifacts: AssetService
  /** Status badges (SVG) of checks and groups, for accounts with badgesEnabled. */
  badges: BadgeService
  /** What public dashboards show (read without an API key). */
  dashboardPages: DashboardPageService
  /** What public status pages show, and their subscribe form. */
  statusPagePages: StatusPagePageService
  /** Console sign-in sessions (not check sessions: those are `checkSessions`). */
  logins: LoginService
  /** The first user: setup link and the operator's admin. */
  users: UserSetupService
  /** The operator's commands on console users (list, password reset). */
  userAdmin: UserAdminService
  members: MemberService
  invitations: InvitationService
  /** An account's API keys as the console manages them. */
  apiKeys: ApiKeyService
  /** Test notifications through an alert channel. */
  alertChannelTests: AlertChannelTestService
  /** Private-location agents: leasing, artifact uploads, results, expiry of runs nobody leased. */
  agentJobs: AgentJobService
  /** Private-location agents: authentication, lastSeen, heartbeats, reported errors, queue metrics. */
  agentPresence: AgentPresenceService
  locationAvailability: LocationAvailabilityService
  /** Removes old results, heartbeat events, check sessions, notifications and agent errors in small batches (periodic work). */
  retention: RetentionService
  /** Monitoring as code: deploys, previews and destroys of projects. */
  projects: ProjectService
  /** Tells this instance's engine of work the services queued (engine deps `bell`). */
  bell: WorkBell
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>
}

export interface ServiceDeps {
  store: Store
  clock: Clock
  publicBaseUrl: string
  staticIps?: ResourceDeps['staticIps']
  defaultLocation?: string
  delivery?: DeliveryConfig
  /** Where run artifacts are stored; without it manifests list what results recorded and downloads are 404. */
  artifacts?: ArtifactFiles
  /** Days a result's stored files are kept (default 7). */
  artifactRetentionDays?: number
  /** How long a public dashboard's or status page's computed view is reused (default 10 s; 0: never). */
  pageCacheMs?: number
  /** Largest artifact an agent may upload (default 150 MB). */
  agentArtifactLimitBytes?: number
  /** How long an agent holds a leased job (default 300 s) and how long a location may go without an agent (default 600 s). */
  privateLocations?: { leaseMs: number; unavailableAfterMs: number }
  /** Days kept and batch size of data retention (default 30 days each, 500 rows per batch). */
  retention?: Partial<RetentionSettings>
  /** EGRESS_POLICY: the SSL certificate watch connects where checks may (default open). */
  egress?: EgressPolicy
  /** Delivery outcomes, and runs of private locations (leased by agents), for /metrics (main/metrics-wiring.ts). */
  notifierMetrics?: NotifierMetrics | undefined
  runMetrics?: EngineMetrics | undefined
}

export function buildServices(deps: ServiceDeps): Services {
  const stores = buildStores(deps.store)
  // Late-bound so that services that record results (heartbeats) reach the alerting service built below.
  const bell = createWorkBell()
  const hooks = { afterFinalResults: async (_rows: CheckResultRow[]): Promise<void> => undefined }
  const r: ResourceDeps = {
    stores,
    transact: transactor(deps.store),
    clock: deps.clock,
    publicBaseUrl: deps.publicBaseUrl,
    staticIps: deps.staticIps ?? { ipv4: {}, ipv6: {} },
    defaultLocation: deps.defaultLocation ?? 'us-east-1',
    afterFinalResults: (rows) => hooks.afterFinalResults(rows),
    bell,
    delivery: deps.delivery ?? { smtp: { url: undefined, from: 'picket@localhost' }, sms: { url: undefined, username: undefined, password: undefined, from: undefined }, resultLinkBase: deps.publicBaseUrl },
  }
  const alerting = alertingService(r)
  const errorGroups = errorGroupService(r)
  const afterFinalResults = afterFinalResultsHook([(rows) => errorGroups.record(rows), (rows) => alerting.evaluate(rows)])
  hooks.afterFinalResults = afterFinalResults
  const sessions = checkSessionService(r)
  const accounts = accountService({ stores, clock: deps.clock })
  const logins = loginService(r)
  return {
    accounts,
    logins,
    users: userSetupService(r),
    userAdmin: userAdminService(r),
    members: memberService(r),
    invitations: invitationService(r, logins),
    apiKeys: apiKeyService(r, accounts),
    alertChannelTests: alertChannelTestService(r),
    checks: removingCheckFiles(checkService(r), deps.artifacts),
    checkGroups: checkGroupService(r),
    variables: variableService(r),
    snippets: snippetService(r),
    alertChannels: alertChannelService(r),
    accountSettings: accountSettingsService(r),
    maintenanceWindows: maintenanceWindowService(r),
    referenceData: referenceDataService(r),
    privateLocations: privateLocationService(r, deps.privateLocations === undefined ? {} : { recentMs: deps.privateLocations.unavailableAfterMs }),
    dashboards: dashboardService(r),
    statusPages: statusPageService(r),
    statusPageSubscribers: subscriberLinkService(r),
    results: resultService(r),
    checkSessions: sessions,
    triggers: triggerService(r, sessions),
    heartbeats: heartbeatService(r),
    alerting,
    notifications: notificationService(r, { metrics: deps.notifierMetrics }),
    sslCertificates: sslCertificateService({ ...r, probe: egressProbe(egressGuard(deps.egress), probeCertificate) }),
    errorGroups,
    afterFinalResults,
    analytics: analyticsService(r),
    analyticsRollup: rollupJob(r),
    artifacts: assetService(r, { files: deps.artifacts, retentionDays: deps.artifactRetentionDays }),
    badges: badgeService(r),
    dashboardPages: dashboardPageService(r, { cacheMs: deps.pageCacheMs }),
    statusPagePages: statusPagePageService(r, { cacheMs: deps.pageCacheMs }),
    agentJobs: agentJobService(r, {
      files: deps.artifacts,
      ...(deps.agentArtifactLimitBytes === undefined ? {} : { artifactLimitBytes: deps.agentArtifactLimitBytes }),
      ...(deps.privateLocations === undefined ? {} : { leaseMs: deps.privateLocations.leaseMs }),
      metrics: deps.runMetrics,
    }),
    agentPresence: agentPresenceService(r),
    locationAvailability: locationAvailabilityService(r, deps.privateLocations === undefined ? {} : { unavailableAfterMs: deps.privateLocations.unavailableAfterMs }),
    retention: retentionService(r, deps.retention),
    projects: projectService(r, { files: deps.artifacts }),
    bell,
    ping: () => stores.accounts.countAccounts().then(() => true, () => false),
  }
}
