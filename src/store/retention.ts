/**
 * Data retention's statements: each removes at most `limit` of the oldest rows of one kind, through
 * `delete … where id in (select id … where created_at < ? order by created_at limit ?)`, which walks a created_at
 * index (migrations 007 and 013) from its oldest end and never scans a table. One statement is one short
 * transaction: the engine's writers wait at most for one batch. On PostgreSQL the batch skips rows another
 * instance's pass has locked, so instances pruning at once never wait on each other.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import type { Dialect } from './db.js'
import type { Database } from './schema.js'

/** What retention removes; each kind has its own age (services/retention.ts). */
export const RETENTION_KINDS = [
  'results',
  'runSkips',
  'heartbeatEvents',
  'sessions',
  'testSessionRuns',
  'testSessions',
  'runCancellations',
  'testSessionErrorGroups',
  'notifications',
  'statusPageEmails',
  'alerts',
  'agentErrors',
  'vendorDeployments',
  'rootCauseAnalyses',
] as const
export type RetentionKind = (typeof RETENTION_KINDS)[number]

/** Notification rows whose delivery is over; PENDING, IN_PROGRESS and RATE_LIMITED rows are still owed. */
const FINISHED_NOTIFICATIONS = ['SUCCESS', 'FAILURE'] as const
/** Subscriber e-mails whose delivery is over; PENDING and IN_PROGRESS rows are still owed. */
const FINISHED_EMAILS = ['SENT', 'FAILURE', 'SKIPPED'] as const

type PrunableRow = {
  id: string
  created_at: number
}

/** The tables retention reads, as far as it reads them (some are not in schema.ts: their stores type them). */
type RetentionTables = {
  check_results: PrunableRow & { check_id: string }
  run_skips: PrunableRow
  check_statuses: { check_id: string; last_result_id: string | null }
  heartbeat_events: PrunableRow
  check_sessions: PrunableRow
  test_session_runs: PrunableRow
  test_sessions: PrunableRow
  run_cancellations: { sequence_id: string; cancelled_at: number }
  test_session_error_groups: { id: string; last_seen: number }
  alert_notifications: PrunableRow & { status: string }
  status_page_emails: PrunableRow & { status: string }
  check_alerts: PrunableRow
  private_location_agent_errors: PrunableRow
  vendor_deployments: PrunableRow
  root_cause_analyses: PrunableRow
}

const TABLES: Record<RetentionKind, Exclude<keyof RetentionTables, 'check_statuses'>> = {
  results: 'check_results',
  runSkips: 'run_skips',
  heartbeatEvents: 'heartbeat_events',
  sessions: 'check_sessions',
  // A test session's runs go before it (its cascade then finds none), in batches of their own.
  testSessionRuns: 'test_session_runs',
  testSessions: 'test_sessions',
  runCancellations: 'run_cancellations',
  testSessionErrorGroups: 'test_session_error_groups',
  notifications: 'alert_notifications',
  statusPageEmails: 'status_page_emails',
  alerts: 'check_alerts',
  agentErrors: 'private_location_agent_errors',
  vendorDeployments: 'vendor_deployments',
  rootCauseAnalyses: 'root_cause_analyses',
}

export interface RetentionStore {
  /**
   * Removes up to `limit` of the oldest rows of `kind` created before `before` (epoch ms); returns how many.
   * Results: never the latest result of a check (check_statuses.last_result_id: the check's status, badge and
   * lastCheckRunId read it). Notifications: only SUCCESS and FAILURE rows; status-page e-mails: SENT, FAILURE, SKIPPED.
   */
  removeOldest(kind: RetentionKind, before: number, limit: number): Promise<number>
  /**
   * SQLite: a PASSIVE checkpoint, which copies what it can of the WAL into the database without waiting for (or
   * blocking) readers and writers, so the WAL can restart from its beginning. PostgreSQL: nothing (autovacuum).
   */
  checkpoint(): Promise<void>
}

/**
 * The key and the age of a row, where they are not `id` and `created_at`: a cancellation is keyed by its run and
 * dated by its cancel; an error group ages from its last occurrence (one that recurs stays).
 */
const KEYS: Partial<Record<RetentionKind, { key: string; time: string }>> = {
  runCancellations: { key: 'sequence_id', time: 'cancelled_at' },
  testSessionErrorGroups: { key: 'id', time: 'last_seen' },
}
const keyOf = (kind: RetentionKind) => KEYS[kind]?.key ?? 'id'
const timeOf = (kind: RetentionKind) => KEYS[kind]?.time ?? 'created_at'

type Tables = Database & RetentionTables
type IdQuery = SelectQueryBuilder<Tables, keyof RetentionTables, { id: string }>

export function retentionStore(database: Kysely<Database>, dialect: Dialect): RetentionStore {
  const db = database.withTables<RetentionTables>()

  /** The ids of one batch: the oldest rows before `before`, with the kind's own conditions. */
  const oldest = (kind: RetentionKind, before: number, limit: number): IdQuery => {
    const table = TABLES[kind]
    const [key, time] = [`${table}.${keyOf(kind)}`, `${table}.${timeOf(kind)}`] as ['check_results.id', 'check_results.created_at']
    let q = db.selectFrom(table).select(`${key} as id`).where(time, '<', before) as unknown as IdQuery
    if (kind === 'results') {
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('check_statuses')
              .select('check_statuses.check_id')
              .whereRef('check_statuses.check_id', '=', 'check_results.check_id')
              .whereRef('check_statuses.last_result_id', '=', 'check_results.id'),
          ),
        ),
      )
    }
    // Notifications and e-mails: any old finished rows, in the order of the (status, created_at) index; ordering them by
    // created_at across the two statuses would sort every old row of the table for each batch.
    if (kind === 'notifications') q = q.where('alert_notifications.status', 'in', [...FINISHED_NOTIFICATIONS])
    else if (kind === 'statusPageEmails') q = q.where('status_page_emails.status', 'in', [...FINISHED_EMAILS])
    else q = q.orderBy(time)
    q = q.limit(limit)
    return dialect === 'postgres' ? q.forUpdate().skipLocked() : q
  }

  return {
    async removeOldest(kind, before, limit) {
      const table = TABLES[kind]
      const ids = oldest(kind, before, limit)
      // PostgreSQL: `= any(array(…))` makes the batch's ids one value computed first, so each row is found through
      // the primary key; with `in (…)` the planner may hash-join the batch against a scan of the whole table.
      const remove = db.deleteFrom(table)
      const key = keyOf(kind) as 'id'
      const result = await (dialect === 'postgres' ? remove.where(sql<boolean>`${sql.ref(key)} = any(array(${ids}))`) : remove.where(key, 'in', ids)).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
    async checkpoint() {
      if (dialect === 'sqlite') await sql`pragma wal_checkpoint(PASSIVE)`.execute(db)
    },
  }
}
