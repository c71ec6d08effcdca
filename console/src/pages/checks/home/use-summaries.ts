/**
 * The 24-hour availability and response times of the checks on screen, and their latest runs, in one batch call. A server without the
 * batch route (404) simply has no figures: the list shows "–" and no error.
 */
import { useQuery } from '@tanstack/preact-query'
import { ApiError } from '../../../api/client'
import { picketApi, type CheckSummary } from '../../../api/endpoints'
import { RUN_BAR_SLOTS } from '../run-bar'

export function useSummaries(ids: string[], refetchInterval: number) {
  const source = ids.length > 0 ? picketApi.analytics.checkSummaries(ids, 'last24Hours', RUN_BAR_SLOTS) : null
  const q = useQuery<Map<string, CheckSummary>, ApiError>({
    queryKey: source?.key ?? [null],
    enabled: source !== null,
    refetchInterval,
    queryFn: async () => {
      try {
        const rows = source ? await source.fetch() : []
        return new Map(rows.map((r) => [r.checkId, r]))
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return new Map()
        throw err
      }
    },
  })
  return q.data ?? new Map<string, CheckSummary>()
}
