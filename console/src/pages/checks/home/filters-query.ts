/** The home list's filters as they live in the URL query string (so a reload or a shared link keeps them). */
import type { ChecksQuery } from '../../../api/endpoints'
import { CHECK_STATUSES, CHECK_TYPES } from '../types'

export interface HomeFilters {
  tags: string[]
  type: string
  status: string
  name: string
  page: number
}

export const PAGE_SIZE = 100

/** The filters from the URL; unknown values of type and status are dropped, the page is at least 1. */
export function filtersFromSearch(sp: URLSearchParams): HomeFilters {
  const type = sp.get('type') ?? ''
  const status = sp.get('status') ?? ''
  const page = Number.parseInt(sp.get('page') ?? '1', 10)
  return {
    tags: sp
      .getAll('tag')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    type: CHECK_TYPES.includes(type) ? type : '',
    status: (CHECK_STATUSES as readonly string[]).includes(status) ? status : '',
    name: sp.get('name') ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  }
}

/** The URL query for these filters (empty ones and page 1 left out). */
export function searchFromFilters(f: HomeFilters): URLSearchParams {
  const sp = new URLSearchParams()
  for (const t of f.tags) sp.append('tag', t)
  if (f.type) sp.set('type', f.type)
  if (f.status) sp.set('status', f.status)
  if (f.name.trim()) sp.set('name', f.name.trim())
  if (f.page > 1) sp.set('page', String(f.page))
  return sp
}

/** The checksApi.list query for these filters. */
export function checksQuery(f: HomeFilters): ChecksQuery {
  return {
    limit: PAGE_SIZE,
    page: f.page,
    tag: f.tags.length > 0 ? f.tags : undefined,
    checkType: f.type || undefined,
    status: f.status || undefined,
    search: f.name.trim() || undefined,
  }
}

export const hasFilters = (f: HomeFilters): boolean => f.tags.length > 0 || f.type !== '' || f.status !== '' || f.name.trim() !== ''
