/**
 * Keeps a run's artifacts (traces, screenshots, the JSON report): each file is redacted of the run's secrets
 * (text entries of trace zips too), stored, and listed in the result's `details.assets`; the runner's temporary
 * files are then released. Without an artifact store, or when storing fails, the run is still recorded.
 */
import type { Redactor } from '../domain/secrets/redact.js'
import type { RunResult } from '../runners/contract.js'
import type { EngineDeps } from './engine-deps.js'
import { redactArtifact } from './redact-artifact.js'

export async function storeArtifacts(
  deps: Pick<EngineDeps, 'artifacts' | 'log'>,
  key: { accountId: string; checkId: string; resultId: string },
  result: RunResult,
  redactor: Redactor | null,
): Promise<RunResult> {
  const { artifacts, release, ...rest } = result
  try {
    if (!artifacts || artifacts.length === 0 || !deps.artifacts) return rest
    const transform = redactor ? (bytes: Buffer, a: (typeof artifacts)[number]) => redactArtifact(bytes, a, redactor) : undefined
    const assets = await deps.artifacts.save(key, artifacts, transform)
    return { ...rest, details: { ...rest.details, assets } }
  } catch (err) {
    deps.log.error({ err, checkId: key.checkId }, 'storing run artifacts failed; the result is kept without them')
    return rest
  } finally {
    await release?.().catch(() => undefined)
  }
}
