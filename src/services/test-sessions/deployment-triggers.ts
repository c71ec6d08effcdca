/**
 * Deployment triggers: a repository's deploys run a check or a check group. The CI reports each finished deploy
 * (repository, environment and its URL, commit); every trigger of that repository whose filters match starts a
 * test session of its checks, recorded with the deployment's commit and environment. A trigger with
 * useEnvironmentUrl runs its checks against the deployment's environment URL (domain/runs/run-overrides.ts).
 * includeScreenshots is kept on the trigger only: this service posts no report back to the commit.
 */
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import { toIso } from '../../lib/clock.js'
import type { CheckRecord } from '../../store/checks.js'
import type { DeploymentTrigger } from '../../store/deployment-triggers.js'
import type { CreateDeploymentTriggerBody, DeploymentBody, DeploymentTriggerView } from '../../domain/test-sessions/deployment-trigger-contract.js'
import type { TestSessionView } from '../../domain/test-sessions/contract.js'
import { environmentOrigin } from '../../domain/runs/run-overrides.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { RUNNABLE_TYPES } from '../checks/check-sessions.js'
import type { TestSessionService } from './test-sessions.js'

export interface DeploymentTriggerService {
  list(accountId: string): Promise<DeploymentTriggerView[]>
  /** Creates the trigger, or updates the one of the same repository and check or group (created: false). */
  create(accountId: string, body: CreateDeploymentTriggerBody): Promise<{ created: boolean; view: DeploymentTriggerView }>
  /** Starts a test session per matching trigger of the deployment's repository (404 when it has none). */
  deployed(accountId: string, deployment: DeploymentBody): Promise<TestSessionView[]>
}

const day = (ms: number | null) => (ms === null ? null : toIso(Number(ms)).slice(0, 10))

export const present = (r: DeploymentTrigger): DeploymentTriggerView => ({
  id: Number(r.id),
  checkId: r.check_id,
  groupId: r.group_id === null ? null : Number(r.group_id),
  provider: r.provider,
  repoId: r.repo_id,
  repoName: r.repo_name,
  repoLink: r.repo_link,
  useEnvironmentUrl: Number(r.use_environment_url) === 1,
  includeScreenshots: Number(r.include_screenshots) === 1,
  environmentRegexFilter: r.environment_regex_filter,
  environmentUrlRegexFilter: r.environment_url_regex_filter,
  runLocation: r.run_location,
  created_at: day(Number(r.created_at)) as string,
  updated_at: day(r.updated_at === null ? null : Number(r.updated_at)),
})

/** A filter that is not a valid regular expression is a 400 naming it. */
function regex(field: string, source: string | null | undefined): string | null {
  if (source === null || source === undefined || source === '') return null
  try {
    new RegExp(source)
  } catch {
    throw new ValidationError({ [field]: 'must be a valid regular expression' })
  }
  return source
}

/** Whether a deployment passes a trigger's filters (a missing value fails a filter that is set). */
export function matchesDeployment(t: Pick<DeploymentTrigger, 'environment_regex_filter' | 'environment_url_regex_filter'>, d: DeploymentBody): boolean {
  const test = (source: string | null, value: string | undefined) => source === null || (value !== undefined && new RegExp(source).test(value))
  return test(t.environment_regex_filter, d.environment) && test(t.environment_url_regex_filter, d.environmentUrl)
}

export const deploymentTriggerServiceUses = uses(['checks', 'checkGroups', 'deploymentTriggers'], ['clock'])
export type DeploymentTriggerServiceDeps = DepsOf<typeof deploymentTriggerServiceUses>

export function deploymentTriggerService(deps: DeploymentTriggerServiceDeps, testSessions: TestSessionService): DeploymentTriggerService {
  const { stores, clock } = deps

  async function checksOf(t: DeploymentTrigger): Promise<CheckRecord[]> {
    if (t.check_id !== null) {
      const check = await stores.checks.get(t.account_id, t.check_id)
      return check && RUNNABLE_TYPES.has(check.checkType) ? [check] : []
    }
    const groupId = Number(t.group_id)
    const members = (await stores.checks.list({ accountId: t.account_id, groupId, limit: 10_000, offset: 0 })).items
    return members
      .filter((c) => RUNNABLE_TYPES.has(c.checkType) && c.doc.activated !== false)
      .sort((a, b) => Number(a.doc.groupOrder ?? Number.MAX_SAFE_INTEGER) - Number(b.doc.groupOrder ?? Number.MAX_SAFE_INTEGER))
  }

  return {
    list: async (accountId) => (await stores.deploymentTriggers.list(accountId)).map(present),
    async create(accountId, body) {
      const checkId = body.checkId ? body.checkId.toLowerCase() : null
      const groupId = body.groupId ?? null
      if ((checkId === null) === (groupId === null)) {
        throw new ValidationError({ checkId: 'name checkId or groupId, not both', groupId: 'name checkId or groupId, not both' })
      }
      const fields = {
        provider: body.provider ?? 'GITHUB',
        repo_name: body.repoName,
        repo_link: body.repoLink ?? '',
        use_environment_url: body.useEnvironmentUrl === false ? 0 : 1,
        include_screenshots: body.includeScreenshots === true ? 1 : 0,
        environment_regex_filter: regex('environmentRegexFilter', body.environmentRegexFilter),
        environment_url_regex_filter: regex('environmentUrlRegexFilter', body.environmentUrlRegexFilter),
        run_location: body.runLocation ?? 'us-east-1',
      }
      if (checkId !== null && !(await stores.checks.get(accountId, checkId))) throw new NotFoundError('Check', checkId)
      if (groupId !== null && !(await stores.checkGroups.get(accountId, groupId))) throw new NotFoundError('Check group', groupId)
      const repoId = String(body.repoId)
      const existing = await stores.deploymentTriggers.find(accountId, { repoId, checkId, groupId })
      const now = clock.now()
      if (existing) {
        const updated = await stores.deploymentTriggers.update(accountId, Number(existing.id), { ...fields, updated_at: now })
        return { created: false, view: present(updated ?? existing) }
      }
      const row = await stores.deploymentTriggers.insert({
        account_id: accountId,
        check_id: checkId,
        group_id: groupId,
        repo_id: repoId,
        ...fields,
        created_at: now,
        updated_at: null,
      })
      return { created: true, view: present(row) }
    },
    async deployed(accountId, deployment) {
      const repoId = String(deployment.repoId)
      const environmentUrl = deployment.environmentUrl === undefined || deployment.environmentUrl === '' ? undefined : deployment.environmentUrl
      if (environmentUrl !== undefined && !environmentOrigin(environmentUrl)) throw new ValidationError({ environmentUrl: 'must be an absolute http or https URL' })
      const triggers = (await stores.deploymentTriggers.list(accountId)).filter((t) => t.repo_id === repoId)
      if (triggers.length === 0) throw new NotFoundError('Deployment trigger of repository', repoId)
      const started: TestSessionView[] = []
      for (const t of triggers.filter((x) => matchesDeployment(x, deployment))) {
        const checks = await checksOf(t)
        if (checks.length === 0) continue
        const id = await testSessions.start(accountId, checks, {
          name: `${t.repo_name} deployment${deployment.environment ? ` to ${deployment.environment}` : ''}`,
          provider: t.provider,
          runLocation: t.run_location,
          runSource: 'DEPLOYMENT',
          // useEnvironmentUrl: the checks run against the deployment rather than their own target.
          ...(environmentUrl !== undefined && Number(t.use_environment_url) === 1 ? { overrides: { environmentUrl } } : {}),
          metadata: {
            ...(deployment.environment ? { environment: deployment.environment } : {}),
            repoUrl: t.repo_link || null,
            commitId: deployment.sha ?? null,
            commitOwner: deployment.commitOwner ?? null,
            commitMessage: deployment.commitMessage ?? null,
            branchName: deployment.branchName ?? null,
          },
        })
        started.push(await testSessions.get(accountId, id))
      }
      return started
    },
  }
}
