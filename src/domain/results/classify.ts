/**
 * Turns what a run observed into its verdict: passing, degraded or failing, with the
 * reason. Pure and table-tested; runners measure, this decides.
 */
import { describeFailure } from '../assertions/evaluate.js'
import type { AssertionResult } from '../assertions/types.js'

/** The runner contract's ErrorKind (runners/contract.ts), repeated here because domain imports no runner code. */
export type ResultErrorKind =
  'ASSERTION' | 'TIMEOUT' | 'NETWORK' | 'DNS' | 'TLS' | 'OVER_MAX_RESPONSE_TIME' | 'PACKET_LOSS' | 'SETUP_SCRIPT' | 'TEARDOWN_SCRIPT' | 'STATUS' | 'CONFIG' | 'SCRIPT' | 'INTERNAL'

export interface RunError {
  kind: ResultErrorKind
  message: string
  networkError?: boolean
}

export interface ClassifyInput {
  /** Which rules apply: HTTP status, TCP shouldFail, DNS response code, ICMP packet loss. */
  mode: 'http' | 'tcp' | 'dns' | 'icmp' | 'ssl' | 'traceroute' | 'grpc'
  /** The run could not complete (network, timeout, TLS, config, setup script, internal). */
  error?: RunError | null
  /** A teardown script failed: the run still has a response and its assertions. */
  teardownError?: string | null
  assertions: readonly AssertionResult[]
  responseTime: number
  degradedResponseTime?: number | null
  maxResponseTime?: number | null
  shouldFail?: boolean
  httpStatus?: number | null
  httpStatusText?: string | null
  dnsRcode?: string | null
  packetLoss?: number | null
  degradedPacketLossThreshold?: number | null
  maxPacketLossThreshold?: number | null
  /** What a type judges beside assertions (an SSL certificate's expiry, chain and baseline rules): each fails or degrades the run. */
  findings?: readonly Finding[]
}

export interface Finding {
  severity: 'fail' | 'degrade'
  kind: ResultErrorKind
  message: string
}

export interface Classification {
  status: 'passing' | 'degraded' | 'failing'
  hasFailures: boolean
  hasErrors: boolean
  isDegraded: boolean
  overMaxResponseTime: boolean
  errorKind: ResultErrorKind | null
  errorMessage: string | null
  networkError: boolean
}

const over = (value: number | null | undefined, limit: number | null | undefined): boolean => typeof value === 'number' && typeof limit === 'number' && value > limit

const failing = (kind: ResultErrorKind, message: string, extra: Partial<Classification> = {}): Classification => ({
  status: 'failing',
  hasFailures: true,
  hasErrors: kind === 'INTERNAL',
  isDegraded: false,
  overMaxResponseTime: false,
  errorKind: kind,
  errorMessage: message,
  networkError: false,
  ...extra,
})

interface Failure {
  kind: ResultErrorKind
  message: string
}

function collectFailures(input: ClassifyInput, overMax: boolean): Failure[] {
  const failures: Failure[] = []
  const has = (source: string) => input.assertions.some((a) => a.source === source)
  const status = input.httpStatus
  if (input.mode === 'http' && typeof status === 'number' && status >= 400 && !input.shouldFail && !has('STATUS_CODE')) {
    failures.push({ kind: 'STATUS', message: `HTTP status ${status}${input.httpStatusText ? ` ${input.httpStatusText}` : ''}` })
  }
  const rcode = input.dnsRcode
  if (input.mode === 'dns' && rcode && rcode !== 'NOERROR' && !input.shouldFail && !has('RESPONSE_CODE')) {
    failures.push({ kind: 'DNS', message: `DNS response code ${rcode}` })
  }
  const failed = input.assertions.filter((a) => !a.passed)
  if (failed.length > 0) {
    const more = failed.length > 1 ? ` (and ${failed.length - 1} more)` : ''
    failures.push({ kind: 'ASSERTION', message: `Assertion failed: ${describeFailure(failed[0] as AssertionResult)}${more}` })
  }
  for (const f of input.findings ?? []) if (f.severity === 'fail') failures.push({ kind: f.kind, message: f.message })
  if (input.teardownError) failures.push({ kind: 'TEARDOWN_SCRIPT', message: `Teardown script failed: ${input.teardownError}` })
  if (input.mode === 'icmp' && over(input.packetLoss, input.maxPacketLossThreshold)) {
    failures.push({ kind: 'PACKET_LOSS', message: `Packet loss ${input.packetLoss}% is above the maximum of ${input.maxPacketLossThreshold}%` })
  }
  if (overMax) {
    failures.push({ kind: 'OVER_MAX_RESPONSE_TIME', message: `Response time ${Math.round(input.responseTime)} ms is over the maximum of ${input.maxResponseTime} ms` })
  }
  return failures
}

/** The verdict of one run. */
export function classifyRun(input: ClassifyInput): Classification {
  const error = input.error
  if (error) {
    // TCP with shouldFail: a refused or timed-out connection is the expected outcome.
    if (input.mode === 'tcp' && input.shouldFail && (error.kind === 'NETWORK' || error.kind === 'TIMEOUT')) {
      return { status: 'passing', hasFailures: false, hasErrors: false, isDegraded: false, overMaxResponseTime: false, errorKind: null, errorMessage: null, networkError: false }
    }
    return failing(error.kind, error.message, { networkError: error.networkError === true })
  }
  // ICMP judges packet loss, not response time.
  const timed = input.mode !== 'icmp'
  const overMax = timed && over(input.responseTime, input.maxResponseTime)
  const failures = collectFailures(input, overMax)
  const first = failures[0]
  if (first) {
    return failing(first.kind, failures.map((f) => f.message).join('; '), { overMaxResponseTime: overMax })
  }
  const isDegraded =
    (timed && over(input.responseTime, input.degradedResponseTime)) ||
    (input.mode === 'icmp' && over(input.packetLoss, input.degradedPacketLossThreshold)) ||
    (input.findings ?? []).some((f) => f.severity === 'degrade')
  return {
    status: isDegraded ? 'degraded' : 'passing',
    hasFailures: false,
    hasErrors: false,
    isDegraded,
    overMaxResponseTime: false,
    errorKind: null,
    errorMessage: null,
    networkError: false,
  }
}
