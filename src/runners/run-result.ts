/** Assembles a RunResult from a classification and what the runner measured; bounds the job log. */
import type { Classification } from '../domain/results/classify.js'
import type { AssertionOutcome, ErrorKind, RunResult } from './contract.js'

export const MAX_LOG_LINES = 200
const MAX_LOG_LINE = 2000

export function boundLog(lines: readonly string[]): string[] {
  const kept = lines.slice(0, MAX_LOG_LINES).map((l) => (l.length > MAX_LOG_LINE ? `${l.slice(0, MAX_LOG_LINE)}…` : l))
  if (lines.length > MAX_LOG_LINES) kept.push(`… ${lines.length - MAX_LOG_LINES} more lines`)
  return kept
}

export interface Measured {
  startedAt: number
  stoppedAt: number
  responseTime: number
  assertions: AssertionOutcome[]
  timingPhases: Record<string, number>
  details: Record<string, unknown>
  jobLog: string[]
}

export function buildRunResult(c: Classification, m: Measured): RunResult {
  return {
    status: c.status,
    hasFailures: c.hasFailures,
    hasErrors: c.hasErrors,
    isDegraded: c.isDegraded,
    overMaxResponseTime: c.overMaxResponseTime,
    errorKind: c.errorKind,
    errorMessage: c.errorMessage,
    networkError: c.networkError,
    responseTime: Math.max(0, Math.round(m.responseTime * 1000) / 1000),
    startedAt: m.startedAt,
    stoppedAt: m.stoppedAt,
    assertions: m.assertions,
    timingPhases: m.timingPhases,
    details: m.details,
    jobLog: boundLog(m.jobLog),
  }
}

/** A run that failed before measuring anything (bad configuration, setup script, missing tool). */
export function earlyFailure(kind: ErrorKind, message: string, m: Partial<Measured> & { startedAt: number; stoppedAt: number }): RunResult {
  return buildRunResult(
    {
      status: 'failing',
      hasFailures: true,
      hasErrors: kind === 'INTERNAL',
      isDegraded: false,
      overMaxResponseTime: false,
      errorKind: kind,
      errorMessage: message,
      networkError: false,
    },
    { responseTime: 0, assertions: [], timingPhases: {}, details: {}, jobLog: [], ...m },
  )
}
