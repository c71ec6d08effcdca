/** Row shapes of every table, as Kysely sees them. Times are epoch milliseconds; booleans are 0/1. */
import type { Generated } from 'kysely'
import type { RollupRow } from '../analytics/rollup.js'
import type { ClientCertificateRow } from './client-certificate-row.js'
import type { DeploymentTriggerRow, RunCancellationRow, TestSessionErrorGroupRow, TestSessionRow, TestSessionRunRow } from './test-session-rows.js'

export interface AccountRow {
  id: string
  name: string
  created_at: number
}

export interface ApiKeyRow {
  id: string
  account_id: string
  name: string
  key_hash: string
  key_prefix: string
  created_at: number
  revoked_at: number | null
  /** The user the key acts for (with their current role); null: an operator key, which acts as OWNER. */
  user_id: string | null
}

export interface UserRow {
  id: string
  /** Lower-cased. */
  email: string
  name: string | null
  password_hash: string
  created_at: number
  updated_at: number
}

export interface MembershipRow {
  account_id: string
  user_id: string
  role: string
  created_at: number
  updated_at: number
}

export interface InvitationRow {
  id: string
  account_id: string
  email: string
  role: string
  token_hash: string
  inviter_user_id: string | null
  created_at: number
  expires_at: number
  accepted_at: number | null
}

export interface LoginSessionRow {
  id: string
  token_hash: string
  user_id: string
  csrf_token: string
  created_at: number
  last_seen_at: number
  expires_at: number
}

export interface SetupTokenRow {
  token_hash: string
  created_at: number
  expires_at: number
}

export interface LoginAttemptRow {
  key: string
  window_start: number
  failures: number
}

export interface CheckRow {
  id: string
  account_id: string
  check_type: string
  name: string
  activated: number
  group_id: number | null
  /** The request URL of API and URL checks, for apiCheckUrlFilterPattern. */
  url: string | null
  /** Heartbeat checks only: the secret token of the ping address. */
  ping_token: string | null
  doc: string
  created_at: number
  updated_at: number | null
}

export interface CheckTagRow {
  check_id: string
  account_id: string
  tag: string
}

export interface CheckGroupRow {
  id: Generated<number>
  account_id: string
  name: string
  doc: string
  created_at: number
  updated_at: number | null
}

export interface CheckStatusRow {
  check_id: string
  account_id: string
  status: string
  updated_at: number
  has_failures: number | null
  has_errors: number | null
  is_degraded: number | null
  last_result_id: string | null
  last_location: string | null
  last_run_at: number | null
  longest_run: number | null
  shortest_run: number | null
}

export interface CheckScheduleRow {
  check_id: string
  account_id: string
  next_due_at: number
  rr_index: number
  updated_at: number
}

export interface RunJobRow {
  id: string
  account_id: string
  check_id: string
  location: string
  private_location_id: string | null
  sequence_id: string
  attempt: number
  first_started_at: number | null
  scheduled_at: number
  due_at: number
  status: string
  leased_by: string | null
  lease_until: number | null
  trigger: string
  session_id: string | null
  parallel_total: number
  created_at: number
  /** The run's overrides as JSON (domain/runs/run-overrides.ts), secrets sealed at rest and opened when read; null or absent: none. */
  overrides?: string | null
  /** From when the job, not yet started, is stale and skipped (domain/schedule/stale-slots.ts); null or absent: never. */
  expires_at?: number | null
  /** The check's type, copied from the check so that a lane's lease needs no join; absent when written: looked up. */
  check_type?: string
}

/** A scheduled run that was skipped because its check's next slot came due before it started (stale-slots.ts). */
export interface RunSkipRow {
  id: string
  account_id: string
  check_id: string
  location: string
  private_location_id: string | null
  /** The slot that was skipped. */
  scheduled_at: number
  skipped_at: number
  created_at: number
}

export interface CheckResultRow {
  id: string
  account_id: string
  check_id: string
  check_type: string
  sequence_id: string
  run_job_id: string
  attempt: number
  result_type: string
  location: string
  status: string
  has_failures: number
  has_errors: number
  is_degraded: number
  over_max_response_time: number
  response_time: number
  error_kind: string | null
  error_message: string | null
  status_code: number | null
  scheduled_at: number | null
  started_at: number
  stopped_at: number
  trigger: string
  session_id: string | null
  doc: string
  /** The run's metric values by timing base, JSON (domain/analytics/extract.ts); null for rows written before analytics. */
  metrics: string | null
  created_at: number
}

export interface TriggerRow {
  id: Generated<number>
  account_id: string
  check_id: string | null
  group_id: number | null
  /** The token's SHA-256 digest (store/secrets/sealed-docs.ts), or the plain token in a row from before digests. */
  token: string
  /** The token sealed (lib/secret-box.ts); null in a row from before sealing. */
  token_sealed: string | null
  created_at: number
  called_at: number | null
}

export interface CheckSessionRow {
  id: string
  account_id: string
  check_id: string
  run_source: string
  expected_runs: number
  created_at: number
}

export interface VariableRow {
  account_id: string
  key: string
  value: string
  locked: number
  secret: number
  created_at: number
  updated_at: number | null
}

export interface AlertSubscriptionRow {
  id: Generated<number>
  account_id: string
  channel_id: number
  check_id: string | null
  group_id: number | null
  activated: number
}

export interface AccountSettingsRow {
  account_id: string
  doc: string
  updated_at: number
}

export interface PrivateLocationKeyRow {
  id: string
  account_id: string
  location_id: string
  key_hash: string
  masked_key: string
  created_at: number
}

export interface PrivateLocationAgentRow {
  location_id: string
  agent_id: string
  account_id: string
  version: string
  last_seen_at: number
  jobs_in_flight: number
}

export interface PrivateLocationAvailabilityRow {
  location_id: string
  account_id: string
  status: 'AVAILABLE' | 'UNAVAILABLE'
  changed_at: number
}

export interface PrivateLocationAgentErrorRow {
  id: string
  account_id: string
  location_id: string
  agent_id: string
  message: string
  stack: string
  agent_version: string
  platform: string
  runtime_version: string
  created_at: number
}

/** Tables reached through store/doc-table.ts are not listed: their names are chosen at run time. */
export interface Database {
  accounts: AccountRow
  api_keys: ApiKeyRow
  checks: CheckRow
  check_tags: CheckTagRow
  check_groups: CheckGroupRow
  check_statuses: CheckStatusRow
  variables: VariableRow
  alert_subscriptions: AlertSubscriptionRow
  account_settings: AccountSettingsRow
  private_location_keys: PrivateLocationKeyRow
  private_location_agents: PrivateLocationAgentRow
  private_location_agent_errors: PrivateLocationAgentErrorRow
  private_location_availability: PrivateLocationAvailabilityRow
  check_schedules: CheckScheduleRow
  run_jobs: RunJobRow
  run_skips: RunSkipRow
  check_results: CheckResultRow
  triggers: TriggerRow
  check_sessions: CheckSessionRow
  analytics_rollups: RollupRow
  analytics_state: AnalyticsStateRow
  users: UserRow
  memberships: MembershipRow
  invitations: InvitationRow
  login_sessions: LoginSessionRow
  setup_tokens: SetupTokenRow
  login_attempts: LoginAttemptRow
  test_sessions: TestSessionRow
  test_session_runs: TestSessionRunRow
  run_cancellations: RunCancellationRow
  test_session_error_groups: TestSessionErrorGroupRow
  deployment_triggers: DeploymentTriggerRow
  client_certificates: ClientCertificateRow
}

export interface AnalyticsStateRow {
  name: string
  /** Results with created_at at or below it are in analytics_rollups. */
  watermark: number
  updated_at: number
}
