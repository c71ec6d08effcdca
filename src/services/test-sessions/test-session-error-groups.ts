/**
 * What a test session keeps of its runs' final results, and the error groups of its failing ones. Called after
 * FINAL results are stored (like check error groups): results of runs that belong to a test session are copied
 * onto the run (so the session outlives its checks), a failing one's cleaned message is counted in the account's
 * test-session error group of that project and hash, and the session's status follows.
 */
import { NotFoundError } from '../../domain/errors.js'
import { cleanErrorMessage, errorHash } from '../../domain/error-groups/clean.js'
import { makesErrorGroup } from '../../domain/error-groups/occurrences.js'
import type { ErrorGroupPatch } from '../../domain/error-groups/contract.js'
import type { TestSessionErrorGroupView } from '../../domain/test-sessions/contract.js'
import { toIso } from '../../lib/clock.js'
import { isUuid, newId } from '../../lib/ids.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import type { TestSessionErrorGroupRow } from '../../store/test-session-rows.js'
import { patchChanges } from '../error-groups/error-groups.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { analysesOfGroups, type GroupAnalysis } from '../root-cause-analyses/group-analyses.js'
import { runOutcome, sessionOutcome } from './test-session-view.js'

export interface TestSessionErrorGroupService {
  /** Records the FINAL results of test-session runs among these rows. */
  record(rows: CheckResultRow[]): Promise<void>
  list(accountId: string, q: { limit: number; page: number; projectId?: string | undefined }): Promise<TestSessionErrorGroupView[]>
  get(accountId: string, id: string): Promise<TestSessionErrorGroupView>
  update(accountId: string, id: string, patch: ErrorGroupPatch): Promise<TestSessionErrorGroupView>
}

/** A group as the API shows it, with its completed root-cause analyses (read with the page, see group-analyses.ts). */
export const presentTestSessionErrorGroup = (r: TestSessionErrorGroupRow, analyses: GroupAnalysis[] = []): TestSessionErrorGroupView => ({
  id: r.id,
  projectId: r.project_key === '' ? null : r.project_key,
  environments: JSON.parse(r.environments) as string[],
  errorHash: r.error_hash,
  rawErrorMessage: r.raw_error_message,
  cleanedErrorMessage: r.cleaned_error_message,
  firstSeen: toIso(Number(r.first_seen)),
  lastSeen: toIso(Number(r.last_seen)),
  archivedUntilNextEvent: Number(r.archived_until_next_event) === 1,
  pwtMetadata: null,
  rootCauseAnalyses: analyses,
  occurrences: Number(r.occurrences),
  archivedForever: Number(r.archived_forever) === 1,
})

export const testSessionErrorGroupServiceUses = uses(['testSessions', 'testSessionErrorGroups', 'rootCauseAnalyses'], ['clock', 'transact'])
export type TestSessionErrorGroupServiceDeps = DepsOf<typeof testSessionErrorGroupServiceUses>

export function testSessionErrorGroupService(deps: TestSessionErrorGroupServiceDeps): TestSessionErrorGroupService {
  const { stores, clock } = deps

  const withAnalyses = async (accountId: string, rows: TestSessionErrorGroupRow[]): Promise<TestSessionErrorGroupView[]> => {
    const analyses = await analysesOfGroups(
      stores.rootCauseAnalyses,
      accountId,
      'testSession',
      rows.map((r) => r.id),
    )
    return rows.map((r) => presentTestSessionErrorGroup(r, analyses.get(r.id)))
  }

  /** The group a failing result counts in (created or updated), or null when it makes none. */
  async function groupOf(row: CheckResultRow, projectKey: string, environment: string | undefined): Promise<string | null> {
    const outcome = {
      accountId: row.account_id,
      checkId: row.check_id,
      resultType: row.result_type,
      status: row.status,
      errorMessage: row.error_message,
      at: Number(row.started_at),
    }
    if (!makesErrorGroup(outcome)) return null
    const raw = row.error_message as string
    const cleaned = cleanErrorMessage(raw)
    const now = clock.now()
    const [stored] = await stores.testSessionErrorGroups.addOccurrences([
      {
        id: newId(),
        account_id: row.account_id,
        project_key: projectKey,
        error_hash: errorHash(cleaned),
        cleaned_error_message: cleaned,
        raw_error_message: raw,
        environments: JSON.stringify(environment ? [environment] : []),
        first_seen: outcome.at,
        last_seen: outcome.at,
        occurrences: 1,
        archived_until_next_event: 0,
        archived_forever: 0,
        created_at: now,
        updated_at: now,
      },
    ])
    return stored?.id ?? null
  }

  return {
    async record(rows) {
      const finals = rows.filter((r) => r.result_type === 'FINAL' && r.session_id !== null)
      if (finals.length === 0) return
      const runs = await stores.testSessions.runsOfCheckSessions([...new Set(finals.map((r) => String(r.session_id)))])
      if (runs.length === 0) return
      const bySequence = new Map(runs.map((r) => [r.sequence_id, r]))
      const touched = new Set<string>()
      for (const row of finals) {
        const run = bySequence.get(row.sequence_id)
        if (!run) continue
        const session = await stores.testSessions.get(run.account_id, run.test_session_id)
        if (!session) continue
        const environment = (JSON.parse(session.metadata) as { environment?: string }).environment
        const groupId = await groupOf(row, session.project_id ?? '', environment)
        await stores.testSessions.updateRun(run.id, {
          status: row.status === 'failing' ? 'FAILED' : 'PASSED',
          result_id: row.id,
          has_failures: row.has_failures,
          has_errors: row.has_errors,
          is_degraded: row.is_degraded,
          response_time: Number(row.response_time),
          error_message: row.error_message,
          error_group_id: groupId,
          started_at: Number(row.started_at),
          stopped_at: Number(row.stopped_at),
        })
        touched.add(session.id)
      }
      const now = clock.now()
      for (const id of touched) {
        const sessionRuns = await stores.testSessions.runs(id)
        const { status, done } = sessionOutcome(sessionRuns.map((r) => runOutcome(r, undefined, false)))
        const stoppedAt = done ? Math.max(...sessionRuns.map((r) => Number(r.stopped_at ?? 0))) : null
        await stores.testSessions.setStatus(id, status, stoppedAt, now)
      }
    },
    async list(accountId, q) {
      const rows = await stores.testSessionErrorGroups.list({ accountId, projectKey: q.projectId?.toLowerCase(), limit: q.limit, offset: (q.page - 1) * q.limit })
      return withAnalyses(accountId, rows)
    },
    async get(accountId, id) {
      const row = isUuid(id) ? await stores.testSessionErrorGroups.get(accountId, id.toLowerCase()) : undefined
      if (!row) throw new NotFoundError('Test session error group', id)
      return (await withAnalyses(accountId, [row]))[0] ?? presentTestSessionErrorGroup(row)
    },
    async update(accountId, id, patch) {
      const changes = patchChanges(patch, clock.now())
      const row = isUuid(id) ? await stores.testSessionErrorGroups.update(accountId, id.toLowerCase(), changes) : undefined
      if (!row) throw new NotFoundError('Test session error group', id)
      return (await withAnalyses(accountId, [row]))[0] ?? presentTestSessionErrorGroup(row)
    },
  }
}
