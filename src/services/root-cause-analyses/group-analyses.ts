/**
 * The analyses an error group lists (check groups and test-session groups alike), in the reference's
 * TestSessionErrorGroupRootCauseAnalysis shape. Only completed analyses are listed: a pending or failed one has no
 * analysis to show, and is read (with its status or why it failed) through GET /v1/root-cause-analyses/{id}.
 * One page of groups costs one read, whatever the number of groups on it.
 */
import { toIso } from '../../lib/clock.js'
import type { RootCauseAnalysisRow, RootCauseAnalysisStore } from '../../store/root-cause-analyses.js'

export interface GroupAnalysis {
  id: string
  created_at: string
  analysis: unknown
  provider: string
  model: string
  durationMs: number | null
  userContext: string | null
}

export const presentGroupAnalysis = (r: RootCauseAnalysisRow): GroupAnalysis => ({
  id: r.id,
  created_at: toIso(r.created_at),
  analysis: r.analysis === null ? null : (JSON.parse(r.analysis) as unknown),
  provider: r.provider,
  model: r.model,
  durationMs: r.duration_ms,
  userContext: r.user_context,
})

/** The completed analyses of each of these groups, oldest first; a group without any maps to an empty list. */
export async function analysesOfGroups(
  store: Pick<RootCauseAnalysisStore, 'completedOfGroups'>,
  accountId: string,
  kind: 'check' | 'testSession',
  groupIds: string[],
): Promise<Map<string, GroupAnalysis[]>> {
  const byGroup = new Map<string, GroupAnalysis[]>(groupIds.map((id) => [id, []]))
  const rows = await store.completedOfGroups(accountId, kind, groupIds)
  for (const row of rows) {
    const groupId = kind === 'check' ? row.error_group_id : row.test_session_error_group_id
    if (groupId !== null) byGroup.get(groupId)?.push(presentGroupAnalysis(row))
  }
  return byGroup
}
