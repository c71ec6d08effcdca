/** Account environment variables (spec 2.8), addressed by key. A secret's value is stored for checks but never returned. */
import type { ResourceDeps } from './resource-deps.js'
import { NotFoundError } from '../domain/errors.js'
import { applyVariableUpdate, presentVariable, type VariableChanges } from '../domain/variables.js'

export type VariableView = ReturnType<typeof presentVariable>

export interface CreateVariableInput {
  key: string
  value: string
  locked?: boolean | undefined
  secret?: boolean | undefined
}

export interface VariableService {
  create(accountId: string, body: CreateVariableInput): Promise<VariableView>
  update(accountId: string, key: string, body: VariableChanges): Promise<VariableView>
  get(accountId: string, key: string): Promise<VariableView>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: VariableView[]; total: number }>
  remove(accountId: string, key: string): Promise<void>
}

export function variableService(deps: ResourceDeps): VariableService {
  const { stores, transact, clock } = deps
  return {
    async create(accountId, body) {
      const variable = { key: body.key, value: body.value, locked: body.locked ?? false, secret: body.secret ?? false, createdAt: clock.now(), updatedAt: null }
      // The store answers a taken key with 409 (the key is the primary key within the account).
      await stores.variables.insert(accountId, variable)
      return presentVariable(variable)
    },

    async update(accountId, key, body) {
      const updated = await transact(async (s) => {
        const existing = await s.variables.get(accountId, key)
        if (!existing) throw new NotFoundError('Variable', key)
        const next = applyVariableUpdate(existing, body, clock.now())
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
