/**
 * Every use case of the service (`Services`) and what the composition root builds them from (`ServiceDeps`). The
 * wiring itself lives in main/services-wiring.ts, where concrete things are built; it is re-exported here for the
 * callers that build services themselves (tests, benches).
 */
import type { Clock } from '../lib/clock.js'
import type { Store } from '../store/db.js'
import type { AccountService } from './accounts/accounts.js'
import type { TestSessionService } from './test-sessions/test-sessions.js'
import type { TestSessionErrorGroupService } from './test-sessions/test-session-error-groups.js'
import type { DeploymentTriggerService } from './test-sessions/deployment-triggers.js'
import type { CheckService } from './checks/checks.js'
import type { StaticIps, DeliveryConfig } from './resource-deps.js'
import type { CheckGroupService } from './groups/check-groups.js'
import type { VariableService } from './variables.js'
import type { SnippetService } from './snippets.js'
import type { AlertChannelService } from './alert-channels/alert-channels.js'
import type { AccountSettingsService } from './accounts/account-settings.js'
import type { MaintenanceWindowService } from './maintenance-windows.js'
import type { MaintenanceService } from './maintenances/maintenances.js'
import type { ReferenceDataService } from './reference-data.js'
import type { PrivateLocationService } from './private-locations/private-locations.js'
import type { DashboardService } from './dashboards/dashboards.js'
import type { StatusPageService } from './status-pages/status-pages.js'
import type { SubscriberLinkService } from './status-pages/subscriber-links.js'
import type { ResultService } from './results/results.js'
import type { CheckSessionService } from './checks/check-sessions.js'
import type { SkippedRunService } from './checks/skipped-runs.js'
import type { TriggerService } from './checks/triggers.js'
import type { HeartbeatService } from './heartbeats/heartbeats.js'
import type { AlertingService } from './alerting/alerting.js'
import type { NotificationService } from './alerting/notifications.js'
import type { SslCertificateService } from './ssl/ssl-certificates.js'
import type { ErrorGroupService } from './error-groups/error-groups.js'
import type { RootCauseAnalysisService } from './root-cause-analyses/root-cause-analyses.js'
import type { ModelEndpoint } from '../lib/chat-completions.js'
import type { CheckResultRow } from '../store/run-rows.js'
import type { AnalyticsService } from './analytics/query.js'
import type { RollupJob } from './analytics/rollup-job.js'
import type { ArtifactFiles } from '../store/artifact-files.js'
import type { AssetService } from './results/assets.js'
import type { BadgeService } from './badges/badges.js'
import type { DashboardPageService } from './dashboards/dashboard-page.js'
import type { StatusPagePageService } from './status-pages/status-page-page.js'
import type { LoginService } from './users/logins.js'
import type { UserSetupService } from './users/setup.js'
import type { MemberService } from './users/members.js'
import type { InvitationService } from './users/invitations.js'
import type { ApiKeyService } from './users/api-keys.js'
import type { UserAdminService } from './users/user-admin.js'
import type { AlertChannelTestService } from './alert-channels/alert-channel-test.js'
import type { AgentJobService } from './private-locations/agent-jobs.js'
import type { AgentPresenceService } from './private-locations/agent-presence.js'
import type { LocationAvailabilityService } from './private-locations/location-availability.js'
import type { RetentionService, RetentionSettings } from './retention.js'
import type { NotifierMetrics } from '../alerting/notifier.js'
import type { EngineMetrics } from '../engine/engine-deps.js'
import type { EgressPolicy } from '../domain/egress.js'
import type { WorkBell } from '../lib/work-bell.js'
import type { ProjectService } from './projects/index.js'
import type { VendorProjectService } from './projects/vendor-deploy.js'
import type { ClientCertificateService } from './client-certificates/client-certificates.js'
import type { SecretScanService } from './secret-scans/secret-scans.js'
import type { CodeBundleService } from './code-bundles/code-bundles.js'
import type { VendorRunService } from './test-sessions/vendor-runs.js'
import type { ResultHub } from '../lib/result-hub.js'

export { buildServices } from '../main/services-wiring.js'

export interface Services {
  accounts: AccountService
  checks: CheckService
  checkGroups: CheckGroupService
  variables: VariableService
  snippets: SnippetService
  alertChannels: AlertChannelService
  accountSettings: AccountSettingsService
  maintenanceWindows: MaintenanceWindowService
  /** The occurrences of maintenance windows, their status and status updates. */
  maintenances: MaintenanceService
  referenceData: ReferenceDataService
  privateLocations: PrivateLocationService
  dashboards: DashboardService
  statusPages: StatusPageService
  /** The public subscriber links (confirm, unsubscribe) and the delivery of subscriber e-mails. */
  statusPageSubscribers: SubscriberLinkService
  results: ResultService
  checkSessions: CheckSessionService
  /** Scheduled runs skipped because the runners were behind (GET /v1/checks/{id}/skipped-runs). */
  skippedRuns: SkippedRunService
  triggers: TriggerService
  /** Recorded runs of sets of checks, their error groups, and the deployment triggers that start them. */
  testSessions: TestSessionService
  testSessionErrorGroups: TestSessionErrorGroupService
  deploymentTriggers: DeploymentTriggerService
  heartbeats: HeartbeatService
  alerting: AlertingService
  notifications: NotificationService
  sslCertificates: SslCertificateService
  errorGroups: ErrorGroupService
  /** Written analyses of error groups by the operator's model (AGENTIC_MODEL_URL). */
  rootCauseAnalyses: RootCauseAnalysisService
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
  /** The same deploys and destroys as the hosted service's own CLI sends and follows them. */
  vendorProjects: VendorProjectService
  /** The code bundles and files the hosted service's CLI uploads before it runs or deploys. */
  codeBundles: CodeBundleService
  /** The test and trigger runs of the hosted service's CLI, followed on the result stream. */
  vendorRuns: VendorRunService
  /** Where followed runs are published; this instance's result stream (api/result-stream) delivers them. */
  resultHub: ResultHub
  /** Client certificates of mutual TLS that checks present to their hosts. */
  clientCertificates: ClientCertificateService
  /** Readable configuration values that look like inline credentials. */
  secretScans: SecretScanService
  /** Tells this instance's engine of work the services queued (engine deps `bell`). */
  bell: WorkBell
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>
}

export interface ServiceDeps {
  /** The model of agentic checks and root-cause analyses (AGENTIC_MODEL_URL …); without it neither can be asked for. */
  agenticModel?: ModelEndpoint | null
  store: Store
  clock: Clock
  publicBaseUrl: string
  /** Settings left out here take the defaults of config/service-defaults.ts (none published, us-east-1, no SMTP or SMS). */
  staticIps?: StaticIps
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
  /** Where uploaded code bundles are kept (DATA_DIR/code-bundles); without it uploads are refused. */
  codeBundleDir?: string | undefined
  /** The hub of followed runs (default: one of this service's own). */
  resultHub?: ResultHub
}
