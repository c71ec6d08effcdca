/**
 * The plan of a deploy (pure): the resources a request wants compared with what the project deployed last (its
 * bindings and the state of the bound resources) → one ResourceChange per resource. Creates, updates and unchanged
 * resources come in the order of RESOURCE_KINDS (request order within a kind), then deletes in the reverse order.
 */
import { RESOURCE_KINDS, type ChangeAction, type DeployResource, type ResourceChange, type ResourceKind } from './deploy-request.js'
import { changedFields, fieldHashes, type FieldHashes } from './field-hashes.js'
import { findRefs, resourceKey } from './refs.js'
import { identityField, identityOf, typedId } from './resource-ids.js'

export interface Binding {
  kind: string
  logicalId: string
  resourceId: string
  fieldHashes: FieldHashes
}

/** What the service found of a bound resource. */
export interface BoundState {
  exists: boolean
  /** Changed since the project last wrote it (someone edited it outside the project). */
  changedOutside: boolean
  /** identityOf as stored (a check's type segment, a variable's key); null when it has none. */
  identity: string | null
}

export const CHANGED_OUTSIDE = '(changed outside the project)'

/** A line of the plan with what applying it needs. */
export interface PlannedChange extends ResourceChange {
  /** The resource of the request (not for deletes) and its position there. */
  resource?: DeployResource
  index?: number
  hashes?: FieldHashes
  binding?: Binding
  /** update: the resource is deleted and created again (its identity changed), so it gets a new id. */
  replace?: boolean
  /** delete: the bound resource still exists (otherwise only the binding goes). */
  exists?: boolean
}

const kindOrder = (kind: string): number => (RESOURCE_KINDS as readonly string[]).indexOf(kind)

export function planChanges(resources: readonly DeployResource[], bindings: readonly Binding[], states: ReadonlyMap<string, BoundState>): PlannedChange[] {
  const bound = new Map(bindings.map((b) => [resourceKey(b.kind, b.logicalId), b]))
  /** Resources whose id changes in this deploy: what refers to them must be updated too. */
  const newIds = new Set<string>()
  const ordered = resources.map((resource, index) => ({ resource, index })).sort((a, b) => kindOrder(a.resource.kind) - kindOrder(b.resource.kind) || a.index - b.index)
  const changes = ordered.map(({ resource, index }): PlannedChange => {
    const key = resourceKey(resource.kind, resource.logicalId)
    const hashes = fieldHashes(resource.payload)
    const base = { kind: resource.kind, logicalId: resource.logicalId, resource, index, hashes }
    const binding = bound.get(key)
    const state = states.get(key)
    if (!binding || !state?.exists) {
      newIds.add(key)
      return { ...base, action: 'create', id: null, ...(binding ? { binding } : {}) }
    }
    const wanted = identityOf(resource)
    const replace = wanted !== null && state.identity !== null && wanted !== state.identity
    const stale = findRefs(resource.payload)
      .filter((u) => u.target && newIds.has(resourceKey(u.target.kind, u.target.logicalId)))
      .map((u) => u.field)
    const idField = replace ? identityField(resource.kind) : null
    const fields = [...new Set([...changedFields(binding.fieldHashes, hashes), ...stale, ...(idField ? [idField] : [])])].sort()
    if (replace) newIds.add(key)
    const id = typedId(resource.kind, binding.resourceId)
    if (fields.length > 0) return { ...base, action: 'update', id, fields, binding, ...(replace ? { replace } : {}) }
    if (state.changedOutside) return { ...base, action: 'update', id, fields: [CHANGED_OUTSIDE], binding }
    return { ...base, action: 'unchanged', id, binding }
  })
  const wantedKeys = new Set(resources.map((r) => resourceKey(r.kind, r.logicalId)))
  const deletes = bindings
    .filter((b) => !wantedKeys.has(resourceKey(b.kind, b.logicalId)))
    .sort((a, b) => kindOrder(b.kind) - kindOrder(a.kind) || (a.logicalId < b.logicalId ? -1 : a.logicalId > b.logicalId ? 1 : 0))
    .map((b): PlannedChange => ({
      kind: b.kind as ResourceKind,
      logicalId: b.logicalId,
      action: 'delete',
      id: typedId(b.kind, b.resourceId),
      binding: b,
      exists: states.get(resourceKey(b.kind, b.logicalId))?.exists === true,
    }))
  return [...changes, ...deletes]
}

/** The public part of a plan line. */
export const publicChange = (c: ResourceChange): ResourceChange => ({
  kind: c.kind,
  logicalId: c.logicalId,
  action: c.action,
  id: c.id,
  ...(c.fields ? { fields: c.fields } : {}),
})

export function summarize(changes: readonly ResourceChange[]): Record<ChangeAction, number> {
  const summary: Record<ChangeAction, number> = { create: 0, update: 0, delete: 0, unchanged: 0 }
  for (const c of changes) summary[c.action] += 1
  return summary
}
