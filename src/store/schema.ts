/**
 * The database as Kysely sees it (every table and its row shape), and the row shapes of checks and what hangs off
 * them. Other aggregates keep their rows in files of their own (identity-rows.ts, run-rows.ts, ...). Times are
 * epoch milliseconds; booleans are 0/1.
 */
import type { Generated } from 'kysely'
import type { RollupRow } from '../analytics/rollup.js'
import type { ClientCertificateRow } from './client-certificate-row.js'
import type { AccountRow, ApiKeyRow, InvitationRow, LoginAttemptRow, LoginSessionRow, MembershipRow, SetupTokenRow, UserRow } from './identity-rows.js'
import type { PrivateLocationAgentErrorRow, PrivateLocationAgentRow, PrivateLocationAvailabilityRow, PrivateLocationKeyRow } from './private-location-rows.js'
import type { CheckResultRow, RunJobRow, RunSkipRow } from './run-rows.js'
import type { DeploymentTriggerRow, RunCancellationRow, TestSessionErrorGroupRow, TestSessionRow, TestSessionRunRow } from './test-session-rows.js'

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
