/** Helpers shared by the status page use cases: lookups that 404, paging and service-reference checks. */
import { FieldErrorCollector, NotFoundError } from '../../domain/errors.js'
import { isUuid } from '../../lib/ids.js'
import type { Doc, DocRecord, DocTable } from '../../store/doc-table.js'
import type { Stores } from '../stores.js'
import type { ServiceMap } from './status-page-views.js'

export interface Paging {
  limit: number
  page: number
}

export interface PageOf<T> {
  items: T[]
  total: number
}

export const offsetOf = (p: Paging) => ({ limit: p.limit, offset: (p.page - 1) * p.limit })

/** A record of the account by UUID; malformed ids, unknown ids and other accounts' ids are all 404. */
export async function findOr404<D extends Doc>(table: DocTable<string, D>, accountId: string, id: string, what: string): Promise<DocRecord<string, D>> {
  const record = isUuid(id) ? await table.get(accountId, id.toLowerCase()) : undefined
  if (!record) throw new NotFoundError(what, id)
  return record
}

export async function loadServices(stores: Pick<Stores, 'statusPageServices'>, accountId: string): Promise<ServiceMap> {
  const { items } = await stores.statusPageServices.list(accountId)
  return new Map(items.map((s) => [s.id, s]))
}

/** 400 naming each field whose service is not one of the account's. */
export function requireOwnServices(services: ServiceMap, refs: ReadonlyArray<{ field: string; serviceId: string }>): void {
  const errors = new FieldErrorCollector()
  for (const { field, serviceId } of refs) {
    if (!services.has(serviceId)) errors.add(field, `status page service ${serviceId} does not exist`)
  }
  errors.throwIfAny()
}

/** Newest first, paged: the store lists oldest first, so the page is read from the end. */
export async function listNewestFirst<D extends Doc>(table: DocTable<string, D>, accountId: string, p: Paging): Promise<PageOf<DocRecord<string, D>>> {
  const { total } = await table.list(accountId, { limit: 0 })
  const end = total - (p.page - 1) * p.limit
  if (end <= 0) return { items: [], total }
  const start = Math.max(0, end - p.limit)
  const { items } = await table.list(accountId, { limit: end - start, offset: start })
  return { items: items.reverse(), total }
}
