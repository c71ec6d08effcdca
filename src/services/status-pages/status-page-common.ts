/** Helpers shared by the status page use cases: lookups that 404, paging and service-reference checks. */
import { FieldErrorCollector, NotFoundError } from '../../domain/errors.js'
import { cursorPage, sortForCursor, type CursorOrder, type CursorPage, type CursorQuery } from '../../domain/status-pages/cursor-page.js'
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

/**
 * One cursor page of the account's records. The whole list is read to place the cursor: an account's pages,
 * services and incidents are few enough, and only the page's entries are presented.
 */
export async function listByCursor<D extends Doc>(table: DocTable<string, D>, accountId: string, order: CursorOrder, q: CursorQuery): Promise<CursorPage<DocRecord<string, D>>> {
  const { items } = await table.list(accountId)
  return cursorPage(sortForCursor(items, order), order, q)
}
