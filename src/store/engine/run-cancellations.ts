/**
 * Cancelling the runs of a session (check session or test session): the queued and running jobs of the chosen run
 * sequences leave the queue (so nothing runs again, and no retry follows the attempt in flight) and each sequence
 * without a final result is recorded as cancelled, in one transaction.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { RunCancellationRow } from '../test-session-rows.js'

export interface RunCancellationStore {
  /**
   * Cancels the unfinished runs of the sessions (all of them, or those of `sequenceIds`); returns the sequence ids
   * cancelled now. Runs that already have a FINAL result are left as they are.
   */
  cancel(accountId: string, sessionIds: string[], sequenceIds: string[] | null, now: number): Promise<string[]>
  listBySessions(accountId: string, sessionIds: string[]): Promise<RunCancellationRow[]>
  /** Which of these run sequences were cancelled (any account: the engine asks about the runs it executes). */
  cancelledSequences(sequenceIds: string[]): Promise<string[]>
  /** Which of these jobs were cancelled (an agent asks about the jobs it holds). */
  cancelledJobs(jobIds: string[]): Promise<string[]>
}

const CHUNK = 500

export function runCancellationStore(db: Kysely<Database>): RunCancellationStore {
  return {
    async cancel(accountId, sessionIds, sequenceIds, now) {
      if (sessionIds.length === 0) return []
      let jobs = db.selectFrom('run_jobs').select(['id', 'sequence_id', 'session_id']).where('account_id', '=', accountId).where('session_id', 'in', sessionIds)
      if (sequenceIds) {
        if (sequenceIds.length === 0) return []
        jobs = jobs.where('sequence_id', 'in', sequenceIds)
      }
      const pending = await jobs.execute()
      if (pending.length === 0) return []
      for (let i = 0; i < pending.length; i += CHUNK) {
        const ids = pending.slice(i, i + CHUNK).map((j) => j.id)
        await db.deleteFrom('run_jobs').where('id', 'in', ids).execute()
      }
      const rows = [...new Map(pending.map((j) => [j.sequence_id, j])).values()].map((j) => ({
        sequence_id: j.sequence_id,
        account_id: accountId,
        session_id: String(j.session_id),
        cancelled_at: now,
        job_id: j.id,
      }))
      await db
        .insertInto('run_cancellations')
        .values(rows)
        .onConflict((oc) => oc.column('sequence_id').doNothing())
        .execute()
      return rows.map((r) => r.sequence_id)
    },
    async listBySessions(accountId, sessionIds) {
      const out: RunCancellationRow[] = []
      for (let i = 0; i < sessionIds.length; i += CHUNK) {
        const ids = sessionIds.slice(i, i + CHUNK)
        out.push(...(await db.selectFrom('run_cancellations').selectAll().where('account_id', '=', accountId).where('session_id', 'in', ids).execute()))
      }
      return out
    },
    async cancelledSequences(sequenceIds) {
      const out: string[] = []
      for (let i = 0; i < sequenceIds.length; i += CHUNK) {
        const ids = sequenceIds.slice(i, i + CHUNK)
        const rows = await db.selectFrom('run_cancellations').select('sequence_id').where('sequence_id', 'in', ids).execute()
        out.push(...rows.map((r) => r.sequence_id))
      }
      return out
    },
    async cancelledJobs(jobIds) {
      const out: string[] = []
      for (let i = 0; i < jobIds.length; i += CHUNK) {
        const ids = jobIds.slice(i, i + CHUNK)
        const rows = await db.selectFrom('run_cancellations').select('job_id').where('job_id', 'in', ids).execute()
        for (const r of rows) if (r.job_id !== null) out.push(r.job_id)
      }
      return out
    },
  }
}
