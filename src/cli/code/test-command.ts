/**
 * `picket test`: runs the project's checks once, as they are in the files, without touching what is deployed. The
 * checks (with their groups) are deployed as a temporary project of their own (`<project>.test-<random>`),
 * deactivated (never scheduled), muted and without alert channels or incident triggers, run once through run-now
 * sessions on the service's runners, reported, and the temporary project is destroyed. Heartbeats wait for pings:
 * they are listed as skipped, rather than refusing the whole run. Exit 1 when any check fails.
 */
import { randomBytes } from 'node:crypto'
import type { DeployResource, ProjectCheckType } from '../../domain/projects/deploy-request.js'
import { findRefs, resourceKey } from '../../domain/projects/refs.js'
import { CliError, type ApiClient } from './api-client.js'
import { deploy } from './deploy.js'
import { describeEnvProblem } from './env-problems.js'
import type { LoadedProject } from './project-loader.js'
import { recordSession } from './record-session.js'
import { formatSessions, runSessions, sessionPassed, type SessionOutcome } from './run-sessions.js'

const TEST_KINDS = new Set(['check', 'check-group'])

/** The check types a test cannot run, and why (what the skipped line says). */
const NOT_RUN_BY_TEST: Partial<Record<ProjectCheckType, string>> = {
  heartbeat: 'heartbeats wait for pings',
}
const notRunByTest = (r: DeployResource): string | undefined => (r.checkType === undefined ? undefined : NOT_RUN_BY_TEST[r.checkType])

/** "Skipped (why): ids" for each reason, in the order the checks came. */
function skippedLines(project: LoadedProject, skipped: string[]): string {
  const byReason = new Map<string, string[]>()
  for (const r of project.resources) {
    const why = r.kind === 'check' && skipped.includes(r.logicalId) ? notRunByTest(r) : undefined
    if (why !== undefined) byReason.set(why, [...(byReason.get(why) ?? []), r.logicalId])
  }
  return [...byReason].map(([why, ids]) => `\nSkipped (${why}): ${ids.join(', ')}`).join('')
}

/**
 * What of a resource a test run keeps: no alerting, no incidents, never scheduled. A project's run location (the
 * hosted service's `cli.runLocation`) is where every check runs, once, as that service's `test` runs them.
 */
function forTest(r: DeployResource, runLocation: string | undefined): DeployResource {
  const { alertChannelSubscriptions: _a, triggerIncident: _t, ...payload } = r.payload
  const where = runLocation === undefined ? {} : { locations: [runLocation], privateLocations: [] }
  return r.kind === 'check' ? { ...r, payload: { ...payload, activated: false, muted: true, ...where } } : { ...r, payload }
}

/** A reference the test project cannot satisfy (to a kind it leaves out), said before anything is created. */
function danglingRef(payload: Record<string, unknown>): string | null {
  const target = findRefs(payload).find((use) => use.target && !TEST_KINDS.has(use.target.kind))?.target
  return target ? resourceKey(target.kind, target.logicalId) : null
}

export function testResources(project: LoadedProject, filters: string[]): { resources: DeployResource[]; skipped: string[] } {
  const matches = (r: DeployResource) => filters.length === 0 || filters.some((f) => r.logicalId.includes(f) || (project.fileOf.get(r.logicalId) ?? '').includes(f))
  const checks = project.resources.filter((r) => r.kind === 'check' && matches(r))
  const skipped = checks.filter((r) => notRunByTest(r) !== undefined).map((r) => r.logicalId)
  const runnable = checks.filter((r) => notRunByTest(r) === undefined)
  const resources = [...project.resources.filter((r) => r.kind === 'check-group'), ...runnable].map((r) => forTest(r, project.runLocation))
  for (const r of resources) {
    const ref = danglingRef(r.payload)
    if (ref !== null) throw new CliError(`${r.kind} ${r.logicalId} refers to ${ref}, which picket test does not create; test it after a deploy with picket trigger`)
  }
  return { resources, skipped }
}

/**
 * Where a recorded test runs (a test session runs every check in one location): the first data-center location
 * the tested checks name, else the first location this installation serves.
 */
async function recordLocation(client: ApiClient, resources: DeployResource[]): Promise<string> {
  for (const r of resources) {
    const locations = r.payload.locations
    if (r.kind === 'check' && Array.isArray(locations) && typeof locations[0] === 'string') return locations[0]
  }
  const served = (await client.call<Array<{ region: string; served?: boolean }>>('GET', '/v1/locations')).body.find((l) => l.served === true)
  if (!served) throw new CliError('this installation serves no location to record a test session in')
  return served.region
}

export async function runTest(
  client: ApiClient,
  project: LoadedProject,
  options: { filters: string[]; reporter: 'list' | 'json'; timeoutSeconds: number; record?: boolean },
  io: { out: (s: string) => void; warn: (s: string) => void },
): Promise<number> {
  const { out } = io
  const { resources, skipped } = testResources(project, options.filters)
  // A test runs the files as they are, "undefined" included: said first, since picket deploy refuses it.
  const tested = new Set(resources.map((r) => resourceKey(r.kind, r.logicalId)))
  for (const p of project.envProblems) if (tested.has(p.resource)) io.warn(`warning: ${describeEnvProblem(p)}`)
  const skippedLine = skippedLines(project, skipped)
  if (!resources.some((r) => r.kind === 'check')) {
    out(`${options.filters.length > 0 ? `No check to run matches ${options.filters.join(', ')}.` : 'The project has no check to run.'}${skippedLine}`)
    return skipped.length > 0 ? 0 : 1
  }
  const testProject: LoadedProject = {
    ...project,
    logicalId: `${project.logicalId}.test-${randomBytes(4).toString('hex')}`,
    name: `${project.name} (picket test)`,
    resources,
  }
  let outcomes: SessionOutcome[] = []
  let recorded: { testSessionId: string; testSessionLink: string } | null = null
  try {
    const deployed = await deploy(client, testProject, false)
    const logicalIdOf = new Map(deployed.changes.filter((c) => c.kind === 'check').map((c) => [String(c.id), c.logicalId]))
    const checkIds = [...logicalIdOf.keys()]
    if (options.record === true) {
      const recording = await recordSession(client, { name: project.name, checkIds, runLocation: await recordLocation(client, resources) }, options.timeoutSeconds)
      recorded = { testSessionId: recording.testSessionId, testSessionLink: recording.testSessionLink }
      outcomes = recording.outcomes
    } else outcomes = await runSessions(client, { checkId: checkIds }, options.timeoutSeconds)
    outcomes = outcomes.map((o) => ({ ...o, logicalId: logicalIdOf.get(o.checkId) ?? o.checkId }))
  } finally {
    await client
      .call('DELETE', `/v1/projects/${encodeURIComponent(testProject.logicalId)}`, undefined, (s) => s < 300 || s === 404)
      .catch((err: unknown) => {
        out(`warning: could not remove the temporary project ${testProject.logicalId}: ${err instanceof Error ? err.message : String(err)}`)
      })
  }
  const passed = outcomes.every(sessionPassed)
  if (options.reporter === 'json') out(JSON.stringify({ project: project.logicalId, passed, skipped, checks: outcomes, ...(recorded ?? {}) }, null, 2))
  else out(`${formatSessions(outcomes)}${skippedLine}${recorded ? `\nRecorded as test session ${recorded.testSessionId}: ${recorded.testSessionLink}` : ''}`)
  return passed ? 0 : 1
}
