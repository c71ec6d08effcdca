/**
 * Carries out a plan inside the deploy's transaction: creates and updates in the plan's order (kinds in
 * RESOURCE_KINDS order, references resolved to the ids known so far), then deletes in reverse kind order, each
 * followed by the write of its binding. With preserveResources a delete removes the binding only: the resource stays
 * in the account, no longer the project's. A failure names the resource and ends the deploy (the caller's transaction
 * rolls everything back).
 */
import { DomainError, ValidationError } from '../../domain/errors.js'
import { completeBody } from '../../domain/projects/complete-body.js'
import type { ResourceChange, ResourceKind, ResourcePayload } from '../../domain/projects/deploy-request.js'
import { publicChange, type PlannedChange } from '../../domain/projects/plan.js'
import { replaceRefs, resourceKey } from '../../domain/projects/refs.js'
import type { ResourceId } from '../../domain/projects/resource-ids.js'
import type { ProjectStore } from '../../store/projects.js'
import type { ResourceOps } from './resource-ops.js'
import { resourceLabel } from './validate.js'

export interface ApplyDeps {
  ops: ResourceOps
  projects: ProjectStore
  projectId: string
  now: () => number
  /** Deletes only forget the resource (its binding goes; the resource stays in the account). */
  preserveResources?: boolean
}

export interface Applied {
  changes: ResourceChange[]
  /** Resources deleted (deletes and replaced resources), for clean-up after the commit (a check's stored files). */
  removed: Array<{ kind: string; id: ResourceId }>
}

const prefixed = <V>(label: string, attributes: Readonly<Record<string, V>>): Record<string, V> =>
  Object.fromEntries(Object.entries(attributes).map(([field, why]) => [`${label}.${field}`, why]))

/** The error of a resource's service, with the resource named in its message and fields. */
function naming(err: unknown, label: string): unknown {
  if (err instanceof ValidationError) return new ValidationError(prefixed(label, err.fields), `${label}: ${err.message}`)
  if (err instanceof DomainError) return new DomainError(err.statusCode, `${label}: ${err.message}`, prefixed(label, err.attributes))
  return err
}

const labelOf = (c: PlannedChange): string => (c.index === undefined ? `${c.kind}:${c.logicalId}` : resourceLabel(c.index, c))

export async function applyPlan(deps: ApplyDeps, plan: readonly PlannedChange[]): Promise<Applied> {
  const { ops, projects, projectId } = deps
  /** Ids of the project's resources as they become known: bound ones that stay, then each one created. */
  const ids = new Map<string, ResourceId>()
  for (const c of plan) if (c.id !== null && c.action !== 'delete' && !c.replace) ids.set(resourceKey(c.kind, c.logicalId), c.id)
  const removed: Applied['removed'] = []
  /** Replaced resources removed once everything else is applied. */
  const replacedLast: Array<{ kind: ResourceKind; id: ResourceId; label: string }> = []
  const changes: ResourceChange[] = []

  const resolved = (c: PlannedChange): ResourcePayload =>
    replaceRefs(c.resource?.payload ?? {}, (use) => {
      const id = use.target ? ids.get(resourceKey(use.target.kind, use.target.logicalId)) : undefined
      if (id === undefined) throw new Error(`${use.path} refers to a resource without an id`)
      return id
    })

  async function create(c: PlannedChange): Promise<ResourceId> {
    return ops.create(c.kind, completeBody(c.kind, resolved(c), c.resource?.checkType), c.resource?.checkType)
  }

  async function step(c: PlannedChange): Promise<ResourceChange> {
    const key = resourceKey(c.kind, c.logicalId)
    if (c.action === 'unchanged') return publicChange(c)
    if (c.action === 'delete') {
      if (c.exists && c.id !== null && deps.preserveResources !== true) {
        await ops.remove(c.kind, c.id)
        removed.push({ kind: c.kind, id: c.id })
      }
      await projects.unbind(projectId, c.kind, c.logicalId)
      return publicChange(c)
    }
    let id: ResourceId
    if (c.action === 'create') {
      id = await create(c)
    } else if (c.replace && c.id !== null && c.kind === 'private-location') {
      // Checks and groups still name the old location until their updates (after it) move them to the new one.
      id = await create(c)
      replacedLast.push({ kind: c.kind, id: c.id, label: labelOf(c) })
    } else if (c.replace && c.id !== null) {
      await ops.remove(c.kind, c.id)
      removed.push({ kind: c.kind, id: c.id })
      id = await create(c)
    } else {
      if (c.id === null) throw new Error('an update of a resource without an id')
      id = c.id
      await ops.update(c.kind, id, completeBody(c.kind, resolved(c), c.resource?.checkType, String(id)), c.resource?.checkType)
    }
    ids.set(key, id)
    await projects.bind(projectId, { kind: c.kind, logicalId: c.logicalId, resourceId: String(id), fieldHashes: c.hashes ?? {} }, deps.now())
    return publicChange({ ...c, id })
  }

  for (const c of plan) {
    try {
      changes.push(await step(c))
    } catch (err) {
      throw naming(err, labelOf(c))
    }
  }
  for (const r of replacedLast) {
    try {
      await ops.remove(r.kind, r.id)
      removed.push({ kind: r.kind, id: r.id })
    } catch (err) {
      throw naming(err, r.label)
    }
  }
  return { changes, removed }
}
