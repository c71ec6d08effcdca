/** Status pages: account-scoped CRUD; url and customDomain are unique across all accounts. */
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, type FieldErrors } from '../../domain/errors.js'
import { buildPageDoc, cardServiceFields } from '../../domain/status-pages/page-rules.js'
import type { PageCreateBody, PageDoc, PageUpdateBody, PageView } from '../../domain/status-pages/page-schemas.js'
import { newId } from '../../lib/ids.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { CursorPage, CursorQuery } from '../../domain/status-pages/cursor-page.js'
import { findOr404, listByCursor, loadServices, requireOwnServices } from './status-page-common.js'
import { presentPage } from './status-page-views.js'

/**
 * createPage and updatePage take the reasons the body failed its schema for, if it did: one 400 names every problem
 * (the schema's and the cards' unknown services). A taken url or custom domain is a 409, asked only of a valid body.
 */
export interface PageOps {
  createPage(accountId: string, body: PageCreateBody, schemaErrors?: FieldErrors): Promise<PageView>
  getPage(accountId: string, id: string): Promise<PageView>
  /** Oldest first. */
  listPages(accountId: string, q: CursorQuery): Promise<CursorPage<PageView>>
  updatePage(accountId: string, id: string, body: PageUpdateBody, schemaErrors?: FieldErrors): Promise<PageView>
  /** Deletes the page and (by cascade) its subscriptions. */
  removePage(accountId: string, id: string): Promise<void>
}

const WHAT = 'Status page'

/** What the status pages part uses: the wiring hands it these stores and shared things and no others. */
export const pageOpsUses = uses(['statusPages', 'statusPageServices'], ['clock'])
export type PageOpsDeps = DepsOf<typeof pageOpsUses>

export function pageOps(deps: PageOpsDeps): PageOps {
  const { stores, clock } = deps

  /** 409 naming the field when another page (of any account) has the url or custom domain. */
  async function requireUnique(doc: PageDoc, selfId?: string): Promise<void> {
    const taken = await stores.statusPages.findByColumn('url', doc.url)
    if (taken && taken.id !== selfId) throw new ConflictError(`The status page url "${doc.url}" is already taken`, { url: 'is already taken' })
    if (doc.customDomain === null) return
    const domain = await stores.statusPages.findByColumn('custom_domain', doc.customDomain)
    if (domain && domain.id !== selfId) {
      throw new ConflictError(`The custom domain "${doc.customDomain}" is already taken`, { customDomain: 'is already taken' })
    }
  }

  async function checkedDoc(accountId: string, body: PageUpdateBody, schemaErrors: FieldErrors | undefined, previous?: PageDoc) {
    const services = await loadServices(stores, accountId)
    const problems = new BodyProblems(schemaErrors)
    problems.check(() => requireOwnServices(services, cardServiceFields(body.cards)))
    const doc = problems.valid(problems.check(() => buildPageDoc(body, previous, clock.now(), newId)))
    return { doc, services }
  }

  return {
    async createPage(accountId, body, schemaErrors) {
      const { doc, services } = await checkedDoc(accountId, body, schemaErrors)
      await requireUnique(doc)
      const record = await stores.statusPages.insert(accountId, doc, clock.now())
      return presentPage(record, services)
    },
    async getPage(accountId, id) {
      const record = await findOr404(stores.statusPages, accountId, id, WHAT)
      return presentPage(record, await loadServices(stores, accountId))
    },
    async listPages(accountId, q) {
      const { entries, nextId } = await listByCursor(stores.statusPages, accountId, 'oldest-first', q)
      const services = await loadServices(stores, accountId)
      return { entries: entries.map((r) => presentPage(r, services)), nextId }
    },
    async updatePage(accountId, id, body, schemaErrors) {
      const record = await findOr404(stores.statusPages, accountId, id, WHAT)
      const { doc, services } = await checkedDoc(accountId, body, schemaErrors, record.doc)
      await requireUnique(doc, record.id)
      const updated = await stores.statusPages.update(accountId, record.id, doc, clock.now())
      if (!updated) throw new NotFoundError(WHAT, id)
      return presentPage(updated, services)
    },
    async removePage(accountId, id) {
      const record = await findOr404(stores.statusPages, accountId, id, WHAT)
      await stores.statusPages.delete(accountId, record.id)
    },
  }
}
