/** Skipped runs of a check (/v1/checks/{id}/skipped-runs, a Picket extension): scheduled runs skipped because the engine was behind. */
import { qs } from '../client'
import { read, seg } from '../read'

export interface SkippedRun {
  location: string
  privateLocationId: string | null
  scheduledAt: string
  skippedAt: string
}

export interface SkippedRunList {
  from: string
  to: string
  total: number
  items: SkippedRun[]
}

export const skippedRunsApi = {
  /** The last 24 hours by default; `limit` caps the items listed, `total` counts them all. */
  forCheck: (checkId: string, query: { from?: number; to?: number; limit?: number } = {}) => read<SkippedRunList>(`/v1/checks/${seg(checkId)}/skipped-runs${qs({ ...query })}`),
}
