/**
 * The evidence of an error group for its analysis: the latest failing FINAL runs of its check whose message falls
 * in the group (same cleaned-message hash), each with its timing phases, the end of its log and its details
 * (a browser run's trace summary, an HTTP response …), bounded so that the prompt stays small.
 */
import { cleanErrorMessage, errorHash } from '../../domain/error-groups/clean.js'
import type { RcaRun } from '../../domain/error-groups/rca-prompt.js'
import { toIso } from '../../lib/clock.js'
import type { ErrorGroupRow } from '../../store/error-groups.js'
import type { ResultStore } from '../../store/engine/results.js'

const RUNS = 3
const SCANNED = 50
const DETAILS_CHARS = 3000

function boundedDetails(details: unknown): unknown {
  const text = JSON.stringify(details ?? {})
  return text.length > DETAILS_CHARS ? `${text.slice(0, DETAILS_CHARS)}…` : details
}

export async function evidenceOfGroup(results: Pick<ResultStore, 'list'>, accountId: string, group: ErrorGroupRow): Promise<RcaRun[]> {
  const { items } = await results.list({ accountId, checkId: group.check_id, hasFailures: true, resultType: 'FINAL', limit: SCANNED, offset: 0 })
  const inGroup = items.filter((r) => r.error_message !== null && errorHash(cleanErrorMessage(r.error_message)) === group.error_hash)
  return inGroup.slice(0, RUNS).map((r) => {
    let doc: { timingPhases?: Record<string, unknown>; jobLog?: string[]; details?: unknown } = {}
    try {
      doc = JSON.parse(r.doc) as typeof doc
    } catch {
      doc = {}
    }
    return {
      startedAt: toIso(Number(r.started_at)),
      location: r.location,
      errorKind: r.error_kind,
      errorMessage: r.error_message,
      responseTime: Number(r.response_time),
      timingPhases: doc.timingPhases ?? {},
      jobLog: Array.isArray(doc.jobLog) ? doc.jobLog : [],
      details: boundedDetails(doc.details),
    }
  })
}
