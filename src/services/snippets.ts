/**
 * Setup/teardown snippets. Deleting a snippet never leaves a dangling reference: in the same transaction every
 * check and group that named it gets that reference set to null.
 */
import { uses, type DepsOf } from './resource-deps.js'
import { toIso, toIsoOrNull } from '../lib/clock.js'
import { BodyProblems } from '../domain/body-problems.js'
import { NotFoundError, type FieldErrors } from '../domain/errors.js'
import { parseSerialId } from '../domain/groups/serial-id.js'
import { buildSnippetDoc, withoutSnippet } from '../domain/snippets.js'
import type { DocRecord } from '../store/doc-table.js'

/** A body as sent: its fields are checked here (with the schema's reasons, if it failed its schema). */
export type SnippetInput = Record<string, unknown>

export interface SnippetView {
  id: number
  name: string
  script: string
  created_at: string
  updated_at: string | null
}

/** create and update take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface SnippetService {
  create(accountId: string, body: SnippetInput, schemaErrors?: FieldErrors): Promise<SnippetView>
  update(accountId: string, id: string, body: SnippetInput, schemaErrors?: FieldErrors): Promise<SnippetView>
  get(accountId: string, id: string): Promise<SnippetView>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: SnippetView[]; total: number }>
  remove(accountId: string, id: string): Promise<void>
}

const present = (r: DocRecord<number>): SnippetView => ({
  id: r.id,
  name: String(r.doc.name),
  script: String(r.doc.script),
  created_at: toIso(r.createdAt),
  updated_at: toIsoOrNull(r.updatedAt),
})

/** What the snippet service uses: the wiring hands it these stores and shared things and no others. */
export const snippetServiceUses = uses(['snippets', 'checks', 'checkGroups'], ['clock', 'transact'])
export type SnippetServiceDeps = DepsOf<typeof snippetServiceUses>

export function snippetService(deps: SnippetServiceDeps): SnippetService {
  const { stores, transact, clock } = deps

  const idOf = (raw: string): number => {
    const id = parseSerialId(raw)
    if (id === null) throw new NotFoundError('Snippet', raw)
    return id
  }

  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const doc = problems.valid(problems.check(() => buildSnippetDoc(body)))
      return present(await stores.snippets.insert(accountId, doc, clock.now()))
    },

    async update(accountId, rawId, body, schemaErrors) {
      const id = idOf(rawId)
      const problems = new BodyProblems(schemaErrors)
      const doc = problems.valid(problems.check(() => buildSnippetDoc(body)))
      const updated = await stores.snippets.update(accountId, id, doc, clock.now())
      if (!updated) throw new NotFoundError('Snippet', rawId)
      return present(updated)
    },

    async get(accountId, rawId) {
      const record = await stores.snippets.get(accountId, idOf(rawId))
      if (!record) throw new NotFoundError('Snippet', rawId)
      return present(record)
    },

    async list(accountId, q) {
      const { items, total } = await stores.snippets.list(accountId, { limit: q.limit, offset: (q.page - 1) * q.limit })
      return { items: items.map(present), total }
    },

    async remove(accountId, rawId) {
      const id = idOf(rawId)
      await transact(async (s) => {
        if (!(await s.snippets.get(accountId, id))) throw new NotFoundError('Snippet', rawId)
        const at = clock.now()
        for (const check of await s.checks.listAll(accountId)) {
          const doc = withoutSnippet(check.doc, id)
          if (doc) await s.checks.update({ ...check, doc, updatedAt: at })
        }
        for (const group of (await s.checkGroups.list(accountId)).items) {
          const doc = withoutSnippet(group.doc, id)
          if (doc) await s.checkGroups.update(accountId, group.id, doc, at)
        }
        await s.snippets.delete(accountId, id)
      })
    },
  }
}
