/** Check results and statuses (/v1/check-results, /v1/check-statuses): what each run found, and where each check stands. */
import { qs } from '../client'
import type { AssetManifestEntryView, AssetManifestView, CheckResultView, CheckStatusCountsView, CheckStatusView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

/** GET /v1/check-statuses: where each check stands. */
export type CheckStatus = CheckStatusView

/** GET /v1/check-status-counts: how many checks stand in each status. */
export type CheckStatusCounts = CheckStatusCountsView

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
  /** How many checks of the account stand in each status, without reading every status. */
  statusCounts: () => read<CheckStatusCounts>('/v1/check-status-counts'),
}
