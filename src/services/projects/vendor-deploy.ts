/**
 * Deploys and destroys sent by the hosted service's own CLI: its request is translated into Picket's own and
 * carried out by the project service (one transaction), then recorded as a deployment that the client follows by
 * id. Problems are named by the client's own resource positions (`resources[12] (check:home)`), not the
 * translation's.
 */
import { DomainError, NotFoundError, ValidationError } from '../../domain/errors.js'
import { vendorDiff, type VendorDiff } from '../../domain/projects/vendor/diff.js'
import { translateVendorRequest } from '../../domain/projects/vendor/translate.js'
import { newId } from '../../lib/ids.js'
import { toIso } from '../../lib/clock.js'
import type { VendorDeploymentRecord } from '../../store/vendor-deployments.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { ProjectService } from './index.js'
import { withBundleFiles, type CodeBundleReader } from './vendor-bundles.js'

export interface VendorDeploymentView {
  id: string
  projectLogicalId: string
  operation: 'DEPLOY' | 'DESTROY'
  status: VendorDeploymentRecord['status']
  progress: number
  result: VendorDiff | null
  error: { message: string } | null
  createdAt: string
  completedAt: string | null
}

export interface VendorOptions {
  dryRun: boolean
  preserveResources: boolean
}

export interface VendorProjectService {
  /** dryRun: the diff, nothing written. Otherwise the (final) deployment that applied it. */
  deploy(accountId: string, body: unknown, options: VendorOptions): Promise<{ preview: VendorDiff } | { deployment: VendorDeploymentView }>
  /** The deployment that destroyed the project; null when there was no such project (nothing to destroy). */
  destroy(accountId: string, logicalId: string, options: VendorOptions): Promise<{ preview: VendorDiff } | { deployment: VendorDeploymentView } | null>
  deployment(accountId: string, logicalId: string, id: string): Promise<VendorDeploymentView>
}

export const vendorProjectServiceUses = uses(['vendorDeployments'], ['clock'])
export type VendorProjectServiceDeps = DepsOf<typeof vendorProjectServiceUses>

export const present = (d: VendorDeploymentRecord): VendorDeploymentView => ({
  id: d.id,
  projectLogicalId: d.projectLogicalId,
  operation: d.operation,
  status: d.status,
  progress: 100,
  result: (d.result as VendorDiff | null) ?? null,
  error: d.error,
  createdAt: toIso(d.createdAt),
  completedAt: d.finishedAt === null ? null : toIso(d.finishedAt),
})

const LABEL = /^resources\[(\d+)\]/

/** The problems of the translated request, by the vendor resources they came from. */
function renamed(err: unknown, sourceIndex: readonly number[]): unknown {
  const rename = (text: string): string => text.replace(LABEL, (_, j: string) => `resources[${sourceIndex[Number(j)] ?? j}]`)
  const renameAll = (text: string): string => text.replace(/resources\[(\d+)\]/g, (_, j: string) => `resources[${sourceIndex[Number(j)] ?? j}]`)
  const keys = <V>(a: Readonly<Record<string, V>>): Record<string, V> => Object.fromEntries(Object.entries(a).map(([k, v]) => [rename(k), v]))
  if (err instanceof ValidationError) return new ValidationError(keys(err.fields), renameAll(err.message))
  if (err instanceof DomainError) return new DomainError(err.statusCode, renameAll(err.message), keys(err.attributes))
  return err
}

/** bundles: where Playwright suites' code bundles are read (none: such checks are refused, naming them). */
export function vendorProjectService(deps: VendorProjectServiceDeps, projects: ProjectService, bundles?: CodeBundleReader): VendorProjectService {
  const { stores, clock } = deps

  async function record(accountId: string, logicalId: string, operation: 'DEPLOY' | 'DESTROY', result: VendorDiff, at: number): Promise<VendorDeploymentView> {
    const deployment: VendorDeploymentRecord = {
      id: newId(),
      accountId,
      projectLogicalId: logicalId,
      operation,
      status: 'SUCCEEDED',
      result,
      error: null,
      createdAt: at,
      finishedAt: clock.now(),
    }
    await stores.vendorDeployments.insert(deployment)
    return present(deployment)
  }

  return {
    async deploy(accountId, body, { dryRun, preserveResources }) {
      const { request, sourceIndex } = translateVendorRequest(await withBundleFiles(bundles, accountId, body))
      const started = clock.now()
      const answer = await projects.deploy(accountId, request, { preview: dryRun, preserveResources }).catch((err: unknown) => {
        throw renamed(err, sourceIndex)
      })
      const diff = vendorDiff(answer.changes, preserveResources)
      if (dryRun) return { preview: diff }
      return { deployment: await record(accountId, request.project.logicalId, 'DEPLOY', diff, started) }
    },

    async destroy(accountId, logicalId, { dryRun, preserveResources }) {
      const started = clock.now()
      try {
        const answer = await projects.destroy(accountId, logicalId, { preview: dryRun, preserveResources })
        const diff = vendorDiff(answer.changes, preserveResources)
        return dryRun ? { preview: diff } : { deployment: await record(accountId, logicalId, 'DESTROY', diff, started) }
      } catch (err) {
        // The client treats destroying a project that does not exist as done.
        if (err instanceof NotFoundError && err.message.startsWith('Project ')) return null
        throw err
      }
    },

    async deployment(accountId, logicalId, id) {
      const found = await stores.vendorDeployments.get(accountId, logicalId, id)
      if (!found) throw new NotFoundError('Deployment', id)
      return present(found)
    },
  }
}
