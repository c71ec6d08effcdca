/**
 * EXTERNAL_OBSERVABILITY: the agent's error-level events sent to POST /agent/v1/errors as the five fields of
 * buildErrorReport (message and stack scrubbed), at most `limit` per window so a failing loop cannot flood the
 * service. Sending never throws and is never itself reported.
 */
import { buildErrorReport, type ErrorReport } from './scrub.js'

export interface ErrorReporterDeps {
  send(report: ErrorReport): Promise<void>
  agentVersion: string
  platform: string
  runtimeVersion: string
  now?: () => number
  limit?: number
  windowMs?: number
}

export type ReportError = (err: unknown) => void

export function createErrorReporter(deps: ErrorReporterDeps): ReportError {
  const now = deps.now ?? Date.now
  const limit = deps.limit ?? 20
  const windowMs = deps.windowMs ?? 600_000
  let windowStart = now()
  let sent = 0
  return (err) => {
    if (now() - windowStart >= windowMs) {
      windowStart = now()
      sent = 0
    }
    if (sent >= limit) return
    sent += 1
    deps.send(buildErrorReport(err, deps)).catch(() => undefined)
  }
}
