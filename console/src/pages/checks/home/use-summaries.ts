/**
 * The 24-hour availability and response times of the checks on screen, and their latest runs, in one batch call. A server without the
 * batch route (404) simply has no figures: the list shows "–" and no error.
 */
import { useQuery } from '@tanstack/preact-query'
import type { ApiError } from '../../../api/client'
import { picketApi, type CheckSummary, type ChecksQuery } from '../../../api/endpoints'
import type { Read } from '../../../api/read'
import { RUN_BAR_SLOTS } from '../run-slots'
import { listSummariesRead, summariesByCheck } from './home-reads'

/** The summaries of the checks on screen, by their ids (asked for once the ids are known). */
export function useSummaries(ids: string[], refetchInterval: number) {
  return useSummariesOf(ids.length > 0 ? picketApi.analytics.checkSummaries(ids, 'last24Hours', RUN_BAR_SLOTS) : null, refetchInterval)
}

/**
 * The summaries of the checks of one page of the list, by the list's own query: asked for at the same time as the
 * list, not after it, and each carries its check's status, so the page needs no call for every status.
 */
export function useListSummaries(list: ChecksQuery, refetchInterval: number) {
  return useSummariesOf(listSummariesRead(list), refetchInterval)
}

function useSummariesOf(source: Read<CheckSummary[]> | null, refetchInterval: number) {
  const q = useQuery<Map<string, CheckSummary>, ApiError>({
    queryKey: source?.key ?? [null],
    enabled: source !== null,
    refetchInterval,
    queryFn: () => summariesByCheck(source),
  })
  return q.data ?? new Map<string, CheckSummary>()
}
