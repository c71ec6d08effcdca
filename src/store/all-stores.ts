/** Every store module, built once from an open store (or bound to one transaction). */
import type { Store } from './db.js'
import { inTransaction } from './dialect.js'
import { accountStore, type AccountStore } from './accounts.js'
import { checkStore, type CheckStore } from './checks.js'
import { docTable, type DocTable } from './doc-table.js'
import { variableStore, type VariableStore } from './variables.js'
import { alertSubscriptionStore, type AlertSubscriptionStore } from './alerting/alert-subscriptions.js'
import { checkLinkStore, type CheckLinkStore } from './check-links.js'
import { accountSettingsStore, type AccountSettingsStore } from './account-settings.js'
import { privateLocationKeyStore, type PrivateLocationKeyStore } from './private-locations/private-location-keys.js'
import { scheduleStore, type ScheduleStore } from './engine/schedules.js'
import { runJobStore, type RunJobStore } from './engine/run-jobs.js'
import { runSkipStore, type RunSkipStore } from './engine/run-skips.js'
import { resultStore, type ResultStore } from './engine/results.js'
import { triggerStore, type TriggerStore } from './engine/triggers.js'
import { sessionStore, type SessionStore } from './engine/sessions.js'
import { heartbeatStore, type HeartbeatStore } from './heartbeats.js'
import { alertStore, type AlertStore } from './alerting/alerts.js'
import { notificationStore, type NotificationStore } from './alerting/notifications.js'
import { sslCertificateStore, type SslCertificateStore } from './ssl-certificates.js'
import { errorGroupStore, type ErrorGroupStore } from './error-groups.js'
import { rootCauseAnalysisStore, type RootCauseAnalysisStore } from './root-cause-analyses.js'
import { analyticsStore, type AnalyticsStore } from './analytics.js'
import { statusPageEmailStore, type StatusPageEmailStore } from './status-page-emails.js'
import { userStore, type UserStore } from './users/users.js'
import { membershipStore, type MembershipStore } from './users/memberships.js'
import { invitationStore, type InvitationStore } from './users/invitations.js'
import { loginSessionStore, type LoginSessionStore } from './users/login-sessions.js'
import { loginGuardStore, type LoginGuardStore } from './users/login-guards.js'
import { privateLocationAgentStore, type PrivateLocationAgentStore } from './private-locations/private-location-agents.js'
import { privateLocationAvailabilityStore, type PrivateLocationAvailabilityStore } from './private-locations/private-location-availability.js'
import { retentionStore, type RetentionStore } from './retention.js'
import { projectStore, type ProjectStore } from './projects.js'
import { vendorDeploymentStore, type VendorDeploymentStore } from './vendor-deployments.js'
import { testSessionStore, type TestSessionStore } from './test-sessions.js'
import { runCancellationStore, type RunCancellationStore } from './engine/run-cancellations.js'
import { testSessionErrorGroupStore, type TestSessionErrorGroupStore } from './test-session-error-groups.js'
import { deploymentTriggerStore, type DeploymentTriggerStore } from './deployment-triggers.js'
import { clientCertificateStore, type ClientCertificateStore } from './client-certificates.js'
import { writeStore, type WriteStore } from './write-together.js'
import { lazyRecord } from '../lib/lazy-record.js'
import { keylessSecretBox, type SecretBox } from '../lib/secret-box.js'
import { unwatchedCredentials, type CredentialWatch } from './credential-watch.js'
import { sealedDocs } from './secrets/sealed-docs.js'
import type { StoredCheckGroupDoc } from '../domain/groups/schema.js'
import type { AlertChannelDoc } from '../domain/alert-channels/schemas.js'
import type { MaintenanceWindowDoc } from '../domain/maintenance.js'
import type { MaintenanceDoc } from '../domain/maintenances.js'
import type { PageDoc } from '../domain/status-pages/page-schemas.js'
import type { ServiceDoc } from '../domain/status-pages/service-ref.js'
import type { IncidentDoc, IncidentUpdateDoc } from '../domain/status-pages/incident-schemas.js'
import type { SubscriptionDoc } from '../domain/status-pages/subscription-schemas.js'

export interface Stores {
  accounts: AccountStore
  checks: CheckStore
  checkGroups: DocTable<number, StoredCheckGroupDoc>
  variables: VariableStore
  snippets: DocTable<number>
  alertChannels: DocTable<number, AlertChannelDoc>
  alertSubscriptions: AlertSubscriptionStore
  /** A page of checks' subscriptions and deploying projects, in one read (what a check's view shows). */
  checkLinks: CheckLinkStore
  accountSettings: AccountSettingsStore
  maintenanceWindows: DocTable<number, MaintenanceWindowDoc>
  maintenances: DocTable<string, MaintenanceDoc>
  privateLocations: DocTable<string>
  privateLocationKeys: PrivateLocationKeyStore
  privateLocationAgents: PrivateLocationAgentStore
  privateLocationAvailability: PrivateLocationAvailabilityStore
  statusPages: DocTable<string, PageDoc>
  statusPageServices: DocTable<string, ServiceDoc>
  statusPageIncidents: DocTable<string, IncidentDoc>
  statusPageIncidentUpdates: DocTable<string, IncidentUpdateDoc>
  statusPageSubscriptions: DocTable<string, SubscriptionDoc>
  statusPageEmails: StatusPageEmailStore
  dashboards: DocTable<number>
  schedules: ScheduleStore
  jobs: RunJobStore
  /** Scheduled runs skipped because they went stale in the queue (domain/schedule/stale-slots.ts). */
  runSkips: RunSkipStore
  results: ResultStore
  triggers: TriggerStore
  sessions: SessionStore
  heartbeats: HeartbeatStore
  alerts: AlertStore
  notifications: NotificationStore
  sslCertificates: SslCertificateStore
  errorGroups: ErrorGroupStore
  /** Root-cause analyses of error groups (pending, completed, failed). */
  rootCauseAnalyses: RootCauseAnalysisStore
  analytics: AnalyticsStore
  users: UserStore
  memberships: MembershipStore
  invitations: InvitationStore
  loginSessions: LoginSessionStore
  loginGuards: LoginGuardStore
  /** Removal of old rows in small batches (data retention). */
  retention: RetentionStore
  /** Projects of monitoring as code and the resources they deployed. */
  projects: ProjectStore
  /** Deployments of projects sent by the hosted service's own CLI, as that client follows them. */
  vendorDeployments: VendorDeploymentStore
  /** Recorded runs of sets of checks, and their runs. */
  testSessions: TestSessionStore
  /** Runs of sessions cancelled before their final result. */
  runCancellations: RunCancellationStore
  testSessionErrorGroups: TestSessionErrorGroupStore
  deploymentTriggers: DeploymentTriggerStore
  /** Client certificates of mutual TLS (keys sealed). */
  clientCertificates: ClientCertificateStore
  /** Rows of several tables written as one (on PostgreSQL one statement, one round trip). */
  writes: WriteStore
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** Runs work with stores bound to one transaction, so a multi-table write is all or nothing. */
export type Transact = <T>(work: (stores: Stores) => Promise<T>) => Promise<T>

export function transactor(store: Store): Transact {
  return (work) => inTransaction(store.db, (trx) => work(buildStores({ ...store, db: trx })))
}

/** Stores of an open store, or of one of its transactions; without `secrets` they cannot write secrets. */
export function buildStores(store: Pick<Store, 'db' | 'dialect'> & { secrets?: SecretBox | undefined; credentials?: CredentialWatch | undefined }): Stores {
  const { db } = store
  const box = store.secrets ?? keylessSecretBox()
  const credentials = store.credentials ?? unwatchedCredentials
  // Built on first use: a transaction uses a few of these, and building them all cost more than its statements.
  return lazyRecord<Stores>({
    accounts: () => accountStore(db, credentials),
    checks: () => checkStore(db, store.dialect, box),
    checkGroups: () => docTable(db, { table: 'check_groups', idKind: 'serial', columns: (d) => ({ name: String(d.name) }), codec: sealedDocs(box, 'checkGroup') }),
    variables: () => variableStore(db, box),
    snippets: () => docTable(db, { table: 'snippets', idKind: 'serial' }),
    alertChannels: () => docTable(db, { table: 'alert_channels', idKind: 'serial', codec: sealedDocs(box, 'alertChannel') }),
    alertSubscriptions: () => alertSubscriptionStore(db),
    checkLinks: () => checkLinkStore(db),
    accountSettings: () => accountSettingsStore(db),
    maintenanceWindows: () => docTable(db, { table: 'maintenance_windows', idKind: 'serial' }),
    maintenances: () =>
      docTable(db, {
        table: 'maintenances',
        idKind: 'uuid',
        columns: (d) => ({ window_id: d.maintenanceWindowId, occurrence_start: Date.parse(d.occurrenceStart), overrides: d.overrides ? 1 : 0 }),
        conflictMessage: 'This occurrence of the maintenance window is already kept',
      }),
    privateLocations: () =>
      docTable(db, {
        table: 'private_locations',
        idKind: 'uuid',
        columns: (d) => ({ slug_name: String(d.slugName) }),
        conflictMessage: 'A private location with this slugName already exists',
      }),
    privateLocationKeys: () => privateLocationKeyStore(db),
    privateLocationAgents: () => privateLocationAgentStore(db),
    privateLocationAvailability: () => privateLocationAvailabilityStore(db),
    statusPages: () =>
      docTable(db, {
        table: 'status_pages',
        idKind: 'uuid',
        columns: (d) => ({ url: String(d.url), custom_domain: str(d.customDomain) }),
        conflictMessage: 'The status page url or custom domain is already taken',
      }),
    statusPageServices: () => docTable(db, { table: 'status_page_services', idKind: 'uuid' }),
    statusPageIncidents: () => docTable(db, { table: 'status_page_incidents', idKind: 'uuid' }),
    statusPageIncidentUpdates: () =>
      docTable(db, {
        table: 'status_page_incident_updates',
        idKind: 'uuid',
        columns: (d) => ({ incident_id: String(d.incidentId) }),
      }),
    statusPageSubscriptions: () =>
      docTable(db, {
        table: 'status_page_subscriptions',
        idKind: 'uuid',
        columns: (d) => ({
          status_page_id: String(d.statusPageId),
          address: String(d.address).toLowerCase(),
          verification_token: str(d.verificationToken),
          unsubscribe_token: str(d.unsubscribeToken),
        }),
        conflictMessage: 'This address is already subscribed to the status page',
      }),
    statusPageEmails: () => statusPageEmailStore(db, store.dialect),
    dashboards: () =>
      docTable(db, {
        table: 'dashboards',
        idKind: 'serial',
        columns: (d) => ({ dashboard_id: String(d.dashboardId), custom_url: str(d.customUrl), custom_domain: str(d.customDomain) }),
        conflictMessage: 'The dashboard customUrl or customDomain is already taken',
      }),
    schedules: () => scheduleStore(db, store.dialect),
    jobs: () => runJobStore(db, store.dialect, box),
    runSkips: () => runSkipStore(db),
    results: () => resultStore(db),
    triggers: () => triggerStore(db, box),
    sessions: () => sessionStore(db),
    heartbeats: () => heartbeatStore(db, store.dialect),
    alerts: () => alertStore(db),
    sslCertificates: () => sslCertificateStore(db, store.dialect, sealedDocs(box, 'check')),
    notifications: () => notificationStore(db, store.dialect, box),
    errorGroups: () => errorGroupStore(db),
    rootCauseAnalyses: () => rootCauseAnalysisStore(db),
    analytics: () => analyticsStore(db, store.dialect),
    users: () => userStore(db),
    memberships: () => membershipStore(db, credentials),
    invitations: () => invitationStore(db),
    loginSessions: () => loginSessionStore(db),
    loginGuards: () => loginGuardStore(db),
    retention: () => retentionStore(db, store.dialect),
    projects: () => projectStore(db, store.dialect),
    vendorDeployments: () => vendorDeploymentStore(db),
    testSessions: () => testSessionStore(db),
    runCancellations: () => runCancellationStore(db),
    testSessionErrorGroups: () => testSessionErrorGroupStore(db),
    deploymentTriggers: () => deploymentTriggerStore(db),
    clientCertificates: () => clientCertificateStore(db, box),
    writes: () => writeStore(db),
  })
}
