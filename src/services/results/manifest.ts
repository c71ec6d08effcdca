/**
 * The assets of a result (pure): read from the stored result document (`details.assets`, written by the engine
 * when it stored the run's files), filtered, and shown as the reference's AssetManifest entries.
 */
import { ASSET_TYPES, type AssetManifestEntry } from '../../domain/results/asset-manifest.js'
import type { StoredAsset } from '../../store/artifact-files.js'

/** The reference's filter also names packet captures; Picket records none, so that filter simply matches nothing. */
export const ASSET_FILTER_TYPES = [...ASSET_TYPES, 'pcap'] as const

export interface AssetFilter {
  type?: string[] | undefined
  name?: string | undefined
}

export interface AssetSource {
  checkId: string
  checkName: string
  checkType: string
  resultId: string
}

const isAsset = (a: unknown): a is StoredAsset => {
  const v = a as Partial<StoredAsset> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    (ASSET_TYPES as readonly string[]).includes(v.type as string) &&
    typeof v.name === 'string' &&
    v.name !== '' &&
    typeof v.contentType === 'string'
  )
}

/** The stored assets listed in a result document (`details.assets`); anything malformed is left out. */
export function assetsOfDoc(doc: string | { details?: unknown }): StoredAsset[] {
  let parsed: { details?: unknown }
  try {
    parsed = typeof doc === 'string' ? (JSON.parse(doc) as { details?: unknown }) : doc
  } catch {
    return []
  }
  const assets = (parsed?.details as { assets?: unknown } | undefined)?.assets
  return Array.isArray(assets) ? assets.filter(isAsset) : []
}

export const assetUrl = (baseUrl: string, checkId: string, resultId: string, name: string): string =>
  `${baseUrl}/v1/check-results/${encodeURIComponent(checkId)}/${encodeURIComponent(resultId)}/assets/${encodeURIComponent(name)}`

/** A case-insensitive glob: `*` any run of characters, `?` any one character, everything else literal. */
export function globMatcher(pattern: string): (name: string) => boolean {
  const source = [...pattern].map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))).join('')
  const re = new RegExp(`^${source}$`, 'is')
  return (name) => re.test(name)
}

export function filterAssets(assets: StoredAsset[], filter: AssetFilter): StoredAsset[] {
  const types = filter.type && filter.type.length > 0 ? new Set(filter.type) : null
  const matches = filter.name ? globMatcher(filter.name) : null
  return assets.filter((a) => (!types || types.has(a.type)) && (!matches || matches(a.name)))
}

export function manifestEntries(assets: StoredAsset[], source: AssetSource, baseUrl: string): AssetManifestEntry[] {
  return assets.map((a) => ({
    type: a.type,
    name: a.name,
    url: assetUrl(baseUrl, source.checkId, source.resultId, a.name),
    contentType: a.contentType || 'application/octet-stream',
    source: { type: 'check-result', ...source },
  }))
}

const ASSET_RESULT_TYPES = new Set(['BROWSER', 'MULTI_STEP', 'PLAYWRIGHT'])

/**
 * The reference's asset fields of a browser, multi-step or Playwright result (none for other types): trace, video
 * and report URLs, every asset's URL (`jobAssets`), and for Playwright the trace files with their names.
 */
export function resultAssetFields(checkType: string, checkId: string, resultId: string, assets: StoredAsset[], baseUrl: string): Record<string, unknown> {
  if (!ASSET_RESULT_TYPES.has(checkType)) return {}
  const url = (a: StoredAsset) => assetUrl(baseUrl, checkId, resultId, a.name)
  const traces = assets.filter((a) => a.type === 'trace')
  const report = assets.find((a) => a.type === 'report')
  return {
    playwrightTestTraces: traces.map(url),
    playwrightTestVideos: assets.filter((a) => a.type === 'video').map(url),
    ...(report ? { playwrightTestJsonReportFile: url(report) } : {}),
    jobAssets: assets.map(url),
    ...(checkType === 'PLAYWRIGHT' ? { playwrightTraceFiles: traces.map((a) => ({ url: url(a), name: a.name.replace(/\.zip$/i, ''), filename: a.name })) } : {}),
  }
}
