/**
 * The 24-hour availability and response times of the checks on screen, in one batch call. A server without the
 * batch route (404) simply has no figures: the list shows "–" and no error.
 */
import { useQuery } from '@tanstack/preact-query'
import { api, ApiError, qs } from '../../../api/client'
import type { CheckSummary } from '../types'

export function useSummaries(ids: string[], refetchInterval: number) {
  const path = ids.length > 0 ? `/v1/analytics/check-summaries${qs({ checkId: ids, quickRange: 'last24Hours' })}` : null
  const q = useQuery<Map<string, CheckSummary>, ApiError>({
    queryKey: [path],
    enabled: path !== null,
    refetchInterval,
    queryFn: async () => {
      try {
        const rows = await api.get<CheckSummary[]>(path ?? '')
        return new Map(rows.map((r) => [r.checkId, r]))
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return new Map()
        throw err
      }
    },
  })
  return q.data ?? new Map<string, CheckSummary>()
}
