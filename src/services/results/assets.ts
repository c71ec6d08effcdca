/**
 * The stored files of browser, multi-step and Playwright results: the asset manifest of a result, one file for
 * download, and their retention. Every read is scoped to the account: another account's check or result is a 404.
 */
import { NotFoundError } from '../../domain/errors.js'
import type { AssetManifest } from '../../domain/results/asset-manifest.js'
import type { ArtifactFiles } from '../../store/artifact-files.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { CheckService } from '../checks/checks.js'
import { assetsOfDoc, filterAssets, manifestEntries, type AssetFilter } from './manifest.js'

const DAY_MS = 86_400_000

export interface AssetService {
  /** The reference's AssetManifest of one result, filtered by asset type and a name glob. */
  manifest(accountId: string, checkId: string, resultId: string, filter: AssetFilter): Promise<AssetManifest>
  /** One stored file of a result for download. */
  file(accountId: string, checkId: string, resultId: string, name: string): Promise<{ path: string; size: number; contentType: string }>
  /** Deletes the files of results older than the retention (periodic work); returns how many results lost theirs. */
  prune(): Promise<number>
}

export interface AssetDeps {
  /** Where the files are; without it, manifests still list what the results recorded and every download is a 404. */
  files?: ArtifactFiles | undefined
  /** Days a result's files are kept. */
  retentionDays: number
}

/** What the asset service uses: the wiring hands it these stores and shared things and no others. */
export const assetServiceUses = uses(['checks', 'results'], ['clock', 'publicBaseUrl'])
export type AssetServiceDeps = DepsOf<typeof assetServiceUses>

export function assetService(deps: AssetServiceDeps, assets: AssetDeps): AssetService {
  const { stores } = deps
  const resultOf = async (accountId: string, checkId: string, resultId: string) => {
    const check = await stores.checks.get(accountId, checkId)
    if (!check) throw new NotFoundError('Check', checkId)
    const row = await stores.results.get(accountId, checkId, resultId)
    if (!row) throw new NotFoundError('Check result', resultId)
    return { check, row }
  }
  return {
    async manifest(accountId, checkId, resultId, filter) {
      const { check, row } = await resultOf(accountId, checkId, resultId)
      const source = { checkId, checkName: String(check.doc.name), checkType: row.check_type, resultId }
      return { assets: manifestEntries(filterAssets(assetsOfDoc(row.doc), filter), source, deps.publicBaseUrl) }
    },
    async file(accountId, checkId, resultId, name) {
      const { row } = await resultOf(accountId, checkId, resultId)
      const asset = assetsOfDoc(row.doc).find((a) => a.name === name)
      const found = asset && assets.files ? await assets.files.open({ accountId, checkId, resultId }, name) : null
      if (!asset || !found) throw new NotFoundError('Asset', name)
      return { ...found, contentType: asset.contentType || 'application/octet-stream' }
    },
    async prune() {
      if (!assets.files) return 0
      const now = deps.clock.now()
      // An agent's uploads wait in staging for its result, which must come within the job's lease (minutes); a
      // day later nothing will claim them.
      const abandoned = await assets.files.pruneStaging(now - DAY_MS)
      return abandoned + (await assets.files.prune(now - assets.retentionDays * DAY_MS))
    },
  }
}

/** The check service, with a deleted check's stored files removed after the check itself is gone (best effort). */
export function removingCheckFiles(checks: CheckService, files: ArtifactFiles | undefined): CheckService {
  if (!files) return checks
  return {
    ...checks,
    async remove(accountId, id) {
      await checks.remove(accountId, id)
      await files.removeCheck(accountId, id).catch(() => undefined)
    },
  }
}
