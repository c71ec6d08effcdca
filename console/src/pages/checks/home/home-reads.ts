/**
 * The home page's reads of one page of the list: the checks, their summaries (by the list's own query) and the
 * account's counts per status. The page's hooks and the prefetch that starts them as soon as the session is known
 * use these same reads, so the page finds them under way instead of asking again.
 */
import type { QueryClient } from '@tanstack/preact-query'
import { ApiError } from '../../../api/client'
import { picketApi, type CheckSummary, type ChecksQuery } from '../../../api/endpoints'
import type { Read } from '../../../api/read'
import { RUN_BAR_SLOTS } from '../run-slots'
import { checksQuery, filtersFromSearch } from './filters-query'

export const listRead = (query: ChecksQuery) => picketApi.checks.list(query)
export const countsRead = () => picketApi.checkResults.statusCounts()
export const listSummariesRead = (query: ChecksQuery) => picketApi.analytics.listSummaries(query, 'last24Hours', RUN_BAR_SLOTS)

/** Summaries by check id. A server without the batch route (404) simply has none: the list shows "–", no error. */
export async function summariesByCheck(source: Read<CheckSummary[]> | null): Promise<Map<string, CheckSummary>> {
  try {
    const rows = source ? await source.fetch() : []
    return new Map(rows.map((r) => [r.checkId, r]))
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return new Map()
    throw err
  }
}

/**
 * Starts the home page's three reads for the address's query string, once the account is known: the page's code is
 * still on its way then, and its first render finds them answered or under way.
 */
export function prefetchHome(client: QueryClient, search: string): void {
  const query = checksQuery(filtersFromSearch(new URLSearchParams(search)))
  const list = listRead(query)
  const counts = countsRead()
  const summaries = listSummariesRead(query)
  void client.prefetchQuery({ queryKey: list.key, queryFn: () => list.fetch() })
  void client.prefetchQuery({ queryKey: counts.key, queryFn: () => counts.fetch() })
  void client.prefetchQuery({ queryKey: summaries.key, queryFn: () => summariesByCheck(summaries) })
}
