/**
 * The home page's reads start as soon as the session is known, under the very keys the page's hooks use, so the
 * page's first render asks for nothing again: three requests, for the address's filters.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/preact-query'
import { countsRead, listRead, listSummariesRead, prefetchHome } from '../src/pages/checks/home/home-reads'
import { checksQuery, filtersFromSearch } from '../src/pages/checks/home/filters-query'

let sent: string[] = []

beforeEach(() => {
  sent = []
  vi.stubGlobal('fetch', (url: string) => {
    sent.push(url)
    return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-range': '0-0/0' } }))
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('prefetchHome', () => {
  it.each([
    ['', 'limit=100&page=1'],
    ['?tag=shop&status=failing&page=2', 'limit=100&page=2&tag=shop&status=failing'],
  ])('search %j: the list, its summaries and the counts, once each, under the page keys', async (search, listQuery) => {
    const client = new QueryClient()
    prefetchHome(client, search)
    await vi.waitFor(() => expect(sent).toHaveLength(3))
    expect(sent.sort()).toEqual([`/v1/analytics/check-summaries?${listQuery}&quickRange=last24Hours&runs=30`, '/v1/check-status-counts', `/v1/checks?${listQuery}`].sort())
    const query = checksQuery(filtersFromSearch(new URLSearchParams(search)))
    for (const read of [listRead(query), countsRead(), listSummariesRead(query)]) await vi.waitFor(() => expect(client.getQueryState(read.key)?.status).toBe('success'))
  })
})
