/** Row types of the test-session tables (migrations/018-test-sessions.ts). */
import type { Generated } from 'kysely'

/** A recorded run of a set of checks (migrations/018-test-sessions.ts). */
export interface TestSessionRow {
  id: string
  account_id: string
  project_id: string | null
  name: string
  provider: string
  region: string
  private_location_id: string | null
  /** JSON: environment, repository, commit and branch of the trigger. */
  metadata: string
  invoker: string | null
  /** RUNNING, PASSED, FAILED or CANCELLED. */
  status: string
  stopped_at: number | null
  created_at: number
  updated_at: number | null
}

/** One check run in one location of a test session: its check session's run sequence. */
export interface TestSessionRunRow {
  id: string
  test_session_id: string
  account_id: string
  check_session_id: string
  sequence_id: string
  check_id: string
  check_name: string
  check_type: string
  location: string
  private_location_id: string | null
  /** RUNNING until its final result (PASSED or FAILED) comes, or CANCELLED. */
  status: string
  result_id: string | null
  has_failures: number
  has_errors: number
  is_degraded: number
  response_time: number | null
  error_message: string | null
  error_group_id: string | null
  started_at: number | null
  stopped_at: number | null
  created_at: number
}

/** A run (sequence) of a check or test session cancelled before its final result. */
export interface RunCancellationRow {
  sequence_id: string
  account_id: string
  session_id: string
  cancelled_at: number
  /** The queued or running job taken out of the queue (null on rows older than this column). */
  job_id: string | null
}

/** An error group of failing test-session results: one per account, project and hash of the cleaned message. */
export interface TestSessionErrorGroupRow {
  id: string
  account_id: string
  /** The project id, or '' for sessions without one. */
  project_key: string
  error_hash: string
  cleaned_error_message: string
  raw_error_message: string | null
  /** JSON array of environment names. */
  environments: string
  first_seen: number
  last_seen: number
  occurrences: number
  archived_until_next_event: number
  archived_forever: number
  created_at: number
  updated_at: number
}

/** A deployment trigger: after a deploy of the repository, its check or group runs as a test session. */
export interface DeploymentTriggerRow {
  id: Generated<number>
  account_id: string
  check_id: string | null
  group_id: number | null
  provider: string
  repo_id: string
  repo_name: string
  repo_link: string | null
  use_environment_url: number
  include_screenshots: number
  environment_regex_filter: string | null
  environment_url_regex_filter: string | null
  run_location: string
  created_at: number
  updated_at: number | null
}
