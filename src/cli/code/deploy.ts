/**
 * `picket deploy [--preview]`: the project's files become one request to the service, which
 * compares them with what the project deployed last and applies the difference in one transaction (or, with
 * --preview, only says what it would do); checks marked test-only (the hosted service's `testOnly: true`) are left
 * out, `picket test` runs them. Nothing is written to disk; secrets read from the environment by the
 * check files travel in that request only.
 */
import type { DeployResponse } from '../../domain/projects/deploy-request.js'
import { CliError, type ApiClient } from './api-client.js'
import { describeEnvProblem } from './env-problems.js'
import { formatChanges } from './plan-report.js'
import type { LoadedProject } from './project-loader.js'

export async function deploy(client: ApiClient, project: LoadedProject, preview: boolean): Promise<DeployResponse> {
  const request = { project: { logicalId: project.logicalId, name: project.name }, resources: project.resources }
  return (await client.call<DeployResponse>('POST', `/v1/projects/deploy?preview=${preview}`, request)).body
}

/**
 * What unset environment variables left in the files, said before the service is called. A deploy stops at any of
 * it: "undefined" in a header or URL would be deployed and fail (or leak) without a word. A preview changes nothing,
 * so it only warns, except of a variable without a value, which the service would refuse anyway.
 */
function checkEnvProblems(project: LoadedProject, preview: boolean, warn: (s: string) => void): void {
  const stopping = project.envProblems.filter((p) => !preview || p.kind === 'missing-value')
  if (stopping.length > 0) {
    const head = preview ? 'the service would refuse this project' : 'nothing was deployed'
    const lines = stopping.map((p) => `  ${describeEnvProblem(p)}`)
    throw new CliError(`${head}: an environment variable the files read is not set:\n${lines.join('\n')}\nSet it, or give it a default in the file (process.env.NAME ?? '…').`)
  }
  for (const p of project.envProblems) warn(`warning: ${describeEnvProblem(p)}`)
}

export async function runDeploy(client: ApiClient, project: LoadedProject, preview: boolean, io: { out: (s: string) => void; warn: (s: string) => void }): Promise<number> {
  checkEnvProblems(project, preview, io.warn)
  const testOnly = new Set(project.testOnly ?? [])
  const deployed = testOnly.size === 0 ? project : { ...project, resources: project.resources.filter((r) => r.kind !== 'check' || !testOnly.has(r.logicalId)) }
  const answer = await deploy(client, deployed, preview)
  io.out(formatChanges(answer, { done: 'deployed', planned: 'Applied' }))
  return 0
}
