/** Account environment variables, addressed by key. A secret's value is stored for checks but never returned. */
import { uses, type DepsOf } from './resource-deps.js'
import { BodyProblems } from '../domain/body-problems.js'
import { NotFoundError, type FieldErrors } from '../domain/errors.js'
import { applyVariableUpdate, presentVariable } from '../domain/variables.js'

export type VariableView = ReturnType<typeof presentVariable>

export interface CreateVariableInput {
  key: string
  value: string
  locked?: boolean | undefined
  secret?: boolean | undefined
}

/**
 * update takes the reasons the body failed its schema for, if it did: one 400 names every problem. create has no rule
 * beyond its schema (a taken key is a 409 from the store), so its schema answers alone.
 */
export interface VariableService {
  create(accountId: string, body: CreateVariableInput): Promise<VariableView>
  update(accountId: string, key: string, body: Record<string, unknown>, schemaErrors?: FieldErrors): Promise<VariableView>
  get(accountId: string, key: string): Promise<VariableView>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: VariableView[]; total: number }>
  remove(accountId: string, key: string): Promise<void>
}

/** What the variable service uses: the wiring hands it these stores and shared things and no others. */
export const variableServiceUses = uses(['variables'], ['clock', 'transact'])
export type VariableServiceDeps = DepsOf<typeof variableServiceUses>

export function variableService(deps: VariableServiceDeps): VariableService {
  const { stores, transact, clock } = deps
  return {
    async create(accountId, body) {
      const variable = { key: body.key, value: body.value, locked: body.locked ?? false, secret: body.secret ?? false, createdAt: clock.now(), updatedAt: null }
      // The store answers a taken key with 409 (the key is the primary key within the account).
      await stores.variables.insert(accountId, variable)
      return presentVariable(variable)
    },

    async update(accountId, key, body, schemaErrors) {
      const updated = await transact(async (s) => {
        const existing = await s.variables.get(accountId, key)
        if (!existing) throw new NotFoundError('Variable', key)
        const problems = new BodyProblems(schemaErrors)
        const next = problems.valid(problems.check(() => applyVariableUpdate(existing, body, clock.now())))
        await s.variables.update(accountId, next)
        return next
      })
      return presentVariable(updated)
    },

    async get(accountId, key) {
      const variable = await stores.variables.get(accountId, key)
      if (!variable) throw new NotFoundError('Variable', key)
      return presentVariable(variable)
    },

    async list(accountId, q) {
      const { items, total } = await stores.variables.list(accountId, q.limit, (q.page - 1) * q.limit)
      return { items: items.map(presentVariable), total }
    },

    async remove(accountId, key) {
      if (!(await stores.variables.delete(accountId, key))) throw new NotFoundError('Variable', key)
    },
  }
}
