/**
 * Row shapes of runs: queued and leased run jobs, scheduled runs skipped as stale, and the results runs record.
 * Times are epoch milliseconds; booleans are 0/1.
 */

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
