/**
 * Monitoring as code: deploy a project's resources (create, update and delete what changed since the
 * project's last deploy, in one transaction), preview a deploy, read projects, and destroy one with its resources.
 */
import { NotFoundError } from '../../domain/errors.js'
import type { DeployRequest, DeployResource, DeployResponse, ResourceChange } from '../../domain/projects/deploy-request.js'
import { planChanges, publicChange, summarize, type PlannedChange } from '../../domain/projects/plan.js'
import { typedId, type ResourceId } from '../../domain/projects/resource-ids.js'
import { toIso } from '../../lib/clock.js'
import type { ArtifactFiles } from '../../store/artifact-files.js'
import type { ProjectRecord } from '../../store/projects.js'
import { uses, usesAll, type DepsOf, type TransactOver } from '../resource-deps.js'
import { applyPlan, type Applied } from './apply.js'
import { resourceOps, resourceOpsUses } from './resource-ops.js'
import { boundStates } from './resource-state.js'
import { deployValidator } from './validate.js'

export interface ProjectSummaryView {
  id: string
  logicalId: string
  name: string
  created_at: string
  updated_at: string
  /** How many resources the project has deployed. */
  resources: number
}

export interface ProjectView extends Omit<ProjectSummaryView, 'resources'> {
  resources: Array<{ kind: string; logicalId: string; id: ResourceId }>
}

export interface ProjectService {
  /**
   * preview: the plan, nothing written. Otherwise the changes made, with the ids of created resources.
   * preserveResources: resources removed from the request stay in the account (only their bindings go).
   */
  deploy(accountId: string, request: DeployRequest, options: DeployOptions): Promise<DeployResponse>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: ProjectSummaryView[]; total: number }>
  get(accountId: string, logicalId: string): Promise<ProjectView>
  /** Deletes every resource of the project (reverse kind order) and the project; preview: what that would delete. */
  destroy(accountId: string, logicalId: string, options: DeployOptions): Promise<DeployResponse>
}

export interface DeployOptions {
  preview: boolean
  preserveResources?: boolean | undefined
}

export interface ProjectServiceOptions {
  /** Where checks' run artifacts are stored: a deleted check's files are removed after the commit (best effort). */
  files?: ArtifactFiles | undefined
  /** Whether the service has a model for agentic checks (default true); without one a deploy of one is refused. */
  hasAgenticModel?: boolean | undefined
}

const present = (p: ProjectRecord) => ({ id: p.id, logicalId: p.logicalId, name: p.name, created_at: toIso(p.createdAt), updated_at: toIso(p.updatedAt) })

const answer = (project: { id: string; logicalId: string; name: string }, preview: boolean, changes: ResourceChange[]): DeployResponse => ({
  project: { id: project.id, logicalId: project.logicalId, name: project.name },
  preview,
  changes,
  summary: summarize(changes),
})

/** What monitoring as code uses: its projects, the tables of the resources it reads, and the resource services it writes through. */
export const projectServiceUses = usesAll(
  resourceOpsUses,
  uses(
    ['projects', 'checks', 'checkGroups', 'alertChannels', 'dashboards', 'maintenanceWindows', 'statusPages', 'statusPageServices', 'variables', 'privateLocations'],
    ['clock', 'transact'],
  ),
)
export type ProjectServiceDeps = DepsOf<typeof projectServiceUses>
type ProjectStores = ProjectServiceDeps['stores']

export function projectService(deps: ProjectServiceDeps, options: ProjectServiceOptions = {}): ProjectService {
  const { stores, clock } = deps
  const validate = deployValidator()

  async function planFor(s: ProjectStores, accountId: string, project: ProjectRecord | undefined, resources: readonly DeployResource[]): Promise<PlannedChange[]> {
    const bindings = project ? await s.projects.bindings(project.id) : []
    return planChanges(resources, bindings, await boundStates(s, accountId, bindings))
  }

  /** Carries out a plan with resource services bound to the transaction's stores, so that all of it commits or none. */
  function apply(s: ProjectStores, accountId: string, project: ProjectRecord, plan: PlannedChange[], preserveResources = false): Promise<Applied> {
    const inTransaction: TransactOver<keyof ProjectStores> = (work) => work(s)
    const ops = resourceOps({ ...deps, stores: s, transact: inTransaction }, accountId, { hasAgenticModel: options.hasAgenticModel !== false })
    return applyPlan({ ops, projects: s.projects, projectId: project.id, now: () => clock.now(), preserveResources }, plan)
  }

  async function cleanUp(accountId: string, removed: Applied['removed']): Promise<void> {
    const files = options.files
    if (!files) return
    for (const r of removed) if (r.kind === 'check') await files.removeCheck(accountId, String(r.id)).catch(() => undefined)
  }

  return {
    async deploy(accountId, request, { preview, preserveResources }) {
      validate(request)
      const { logicalId } = request.project
      const name = request.project.name ?? logicalId
      if (preview) {
        const project = await stores.projects.find(accountId, logicalId)
        const plan = await planFor(stores, accountId, project, request.resources)
        return answer({ id: project?.id ?? '', logicalId, name }, true, plan.map(publicChange))
      }
      const { response, removed } = await deps.transact(async (s) => {
        const project = await s.projects.findOrCreate(accountId, logicalId, name, clock.now())
        const applied = await apply(s, accountId, project, await planFor(s, accountId, project, request.resources), preserveResources)
        if (project.name !== name) await s.projects.rename(project.id, name, clock.now())
        else if (applied.changes.some((c) => c.action !== 'unchanged')) await s.projects.touch(project.id, clock.now())
        return { response: answer({ ...project, name }, false, applied.changes), removed: applied.removed }
      })
      await cleanUp(accountId, removed)
      return response
    },

    async list(accountId, q) {
      const { items, total } = await stores.projects.list(accountId, q.limit, (q.page - 1) * q.limit)
      return { items: items.map((p) => ({ ...present(p), resources: p.resources })), total }
    },

    async get(accountId, logicalId) {
      const project = await stores.projects.find(accountId, logicalId)
      if (!project) throw new NotFoundError('Project', logicalId)
      const bindings = await stores.projects.bindings(project.id)
      return { ...present(project), resources: bindings.map((b) => ({ kind: b.kind, logicalId: b.logicalId, id: typedId(b.kind, b.resourceId) })) }
    },

    async destroy(accountId, logicalId, { preview, preserveResources }) {
      if (preview) {
        const project = await stores.projects.find(accountId, logicalId)
        if (!project) throw new NotFoundError('Project', logicalId)
        return answer(project, true, (await planFor(stores, accountId, project, [])).map(publicChange))
      }
      const { response, removed } = await deps.transact(async (s) => {
        const project = await s.projects.find(accountId, logicalId, { lock: true })
        if (!project) throw new NotFoundError('Project', logicalId)
        const applied = await apply(s, accountId, project, await planFor(s, accountId, project, []), preserveResources)
        await s.projects.delete(project.id)
        return { response: answer(project, false, applied.changes), removed: applied.removed }
      })
      await cleanUp(accountId, removed)
      return response
    },
  }
}
