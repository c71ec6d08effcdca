/**
 * `picket destroy`: the service deletes every resource the project deployed, in one transaction. It needs the
 * project's logical id only, not its files: what goes is what the service holds.
 */
import type { DeployResponse } from '../../domain/projects/deploy-request.js'
import type { ApiClient } from './api-client.js'
import { formatChanges } from './plan-report.js'

/** Without `force`, shows what would go and exits 1, so a destroy is never done by accident. */
export async function runDestroy(client: ApiClient, logicalId: string, force: boolean, out: (s: string) => void): Promise<number> {
  const path = `/v1/projects/${encodeURIComponent(logicalId)}`
  const answer = (await client.call<DeployResponse>('DELETE', `${path}?preview=${!force}`)).body
  out(formatChanges(answer, { done: 'destroyed', planned: 'Applied' }))
  if (!force) {
    out('Nothing was deleted: run picket destroy --force to delete these resources.')
    return 1
  }
  return 0
}
