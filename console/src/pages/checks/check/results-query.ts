/** The results tab's filters in the URL, and the checkResultsApi.list query they make (pure). */
import type { ResultsQuery } from '../../../api/endpoints'

export interface ResultFilters {
  outcome: '' | 'failed' | 'passed'
  location: string
  /** datetime-local values (the browser's local time), '' when unset. */
  from: string
  to: string
  page: number
}

export const RESULTS_PAGE_SIZE = 25

export function resultFiltersFrom(sp: URLSearchParams): ResultFilters {
  const outcome = sp.get('outcome')
  const page = Number.parseInt(sp.get('page') ?? '1', 10)
  return {
    outcome: outcome === 'failed' || outcome === 'passed' ? outcome : '',
    location: sp.get('location') ?? '',
    from: sp.get('from') ?? '',
    to: sp.get('to') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

export function resultFiltersSearch(f: ResultFilters): URLSearchParams {
  const sp = new URLSearchParams()
  if (f.outcome) sp.set('outcome', f.outcome)
  if (f.location) sp.set('location', f.location)
  if (f.from) sp.set('from', f.from)
  if (f.to) sp.set('to', f.to)
  if (f.page > 1) sp.set('page', String(f.page))
  return sp
}

/** UNIX seconds of a datetime-local value, undefined when empty or invalid. */
export function unixOf(local: string): number | undefined {
  if (!local) return undefined
  const t = new Date(local).getTime()
  return Number.isFinite(t) ? Math.floor(t / 1000) : undefined
}

export function resultsQuery(f: ResultFilters): ResultsQuery {
  return {
    limit: RESULTS_PAGE_SIZE,
    page: f.page,
    hasFailures: f.outcome === 'failed' ? true : f.outcome === 'passed' ? false : undefined,
    location: f.location || undefined,
    from: unixOf(f.from),
    to: unixOf(f.to),
  }
}
