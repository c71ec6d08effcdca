/** Check results and statuses (/v1/check-results, /v1/check-statuses): what each run found, and where each check stands. */
import { qs } from '../client'
import type { AssetManifestEntryView, AssetManifestView, CheckResultView, CheckStatusView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

/** GET /v1/check-statuses: where each check stands. */
export type CheckStatus = CheckStatusView

/** An entry of a result's asset manifest. */
export type AssetEntry = AssetManifestEntryView

/** The filters of GET /v1/check-results/:checkId. */
export type ResultsQuery = PageQuery & { hasFailures?: boolean; location?: string; from?: number; to?: number }

const STATUSES = '/v1/check-statuses'

export const checkResultsApi = {
  /** What a run refreshes besides the check's own paths: the statuses of every check. */
  statusesRoot: STATUSES,
  list: (checkId: string, query: ResultsQuery = {}) => readPage<CheckResultView>(`/v1/check-results/${seg(checkId)}${qs({ ...query })}`),
  get: (checkId: string, resultId: string) => read<CheckResultView>(`/v1/check-results/${seg(checkId)}/${seg(resultId)}`),
  assets: (checkId: string, resultId: string) => read<AssetManifestView>(`/v1/check-results/${seg(checkId)}/${seg(resultId)}/assets`),
  statuses: () => read<CheckStatus[]>(STATUSES),
  status: (checkId: string) => read<CheckStatus>(`${STATUSES}/${seg(checkId)}`),
}
