/**
 * The runner contract. A runner executes one attempt of one check against its target and reports what happened.
 * Runners never touch the database or the services: the engine (and the private-location agent) hands them a
 * prepared spec and stores what they return. A failed check is data (a RunResult), never a thrown error.
 */
import type { EffectiveCheck } from '../domain/checks/contract.js'
import type { CheckType } from '../domain/checks/enums.js'
import type { ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'

export type RunStatus = 'passing' | 'degraded' | 'failing'

/** Why a run failed; null when it passed (degraded runs have no error kind unless something else failed). */
export type ErrorKind =
  | 'ASSERTION' // an assertion did not hold
  | 'TIMEOUT' // the hard time limit was hit
  | 'NETWORK' // connection refused/reset, host unreachable …
  | 'DNS' // the target name did not resolve
  | 'TLS' // certificate or handshake problem
  | 'OVER_MAX_RESPONSE_TIME' // slower than maxResponseTime
  | 'PACKET_LOSS' // ICMP: more loss than maxPacketLossThreshold
  | 'SETUP_SCRIPT' // the setup script threw, timed out or ran out of memory (no request was made)
  | 'TEARDOWN_SCRIPT' // the teardown script failed (assertions still ran)
  | 'STATUS' // HTTP error status without shouldFail (4xx/5xx)
  | 'CONFIG' // the check cannot run as configured (e.g. unresolved {{VARIABLE}} in the URL, Chromium not installed)
  | 'SCRIPT' // a browser, multi-step or Playwright script threw, crashed or could not load
  | 'INTERNAL' // a bug on our side

export interface AssertionOutcome {
  source: string
  property: string
  comparison: string
  target: string
  regex: string | null
  /** The value the assertion looked at (bounded for display). */
  actual: unknown
  passed: boolean
  /** Why it could not be evaluated (e.g. body is not JSON), when that is the reason it failed. */
  error?: string
}

export interface RunResult {
  status: RunStatus
  /** Assertion, timeout, network or script failure (the run counts as failed). */
  hasFailures: boolean
  /** Something went wrong on our side. */
  hasErrors: boolean
  isDegraded: boolean
  overMaxResponseTime: boolean
  errorKind: ErrorKind | null
  errorMessage: string | null
  /** The failure was a network-level error (ECONNREFUSED, ECONNRESET, ENOTFOUND, ETIMEDOUT, EAI_AGAIN …): retryStrategy.onlyOn NETWORK_ERROR retries only these. */
  networkError: boolean
  /** Milliseconds spent on the measured part of the check (excluding setup/teardown and system time). */
  responseTime: number
  startedAt: number
  stoppedAt: number
  assertions: AssertionOutcome[]
  /** Phase durations in ms: API/URL wait, dns, tcp, tls, firstByte, download, total; TCP dns, connection, data, total; DNS total; ICMP latency stats. */
  timingPhases: Record<string, number>
  /** Type-specific details for the result record: response {status, statusText, headers, body (bounded), bodyTruncated}, request, answer, ping stats … */
  details: Record<string, unknown>
  /** Human-readable log lines (script console output, redirects followed …), bounded. */
  jobLog: string[]
  /**
   * Files the run produced (browser, multi-step and Playwright runs: traces, screenshots, the JSON report), still
   * at the runner's temporary paths. The engine (or agent) stores them, then calls `release`.
   */
  artifacts?: RunArtifact[]
  /** Frees what the runner kept for the artifacts (its temporary directory); called once they are stored. */
  release?: () => Promise<void>
  /** The run was stopped before it finished (RunContext.signal: the engine is shutting down): not a result; it runs again. */
  cancelled?: boolean
}

/** The normalized asset types of the reference's asset manifest. */
export type ArtifactType = 'log' | 'trace' | 'video' | 'screenshot' | 'report' | 'file'

export interface RunArtifact {
  type: ArtifactType
  /** Unique within the run; characters a-z A-Z 0-9 . _ @ - only (it becomes a file name and a URL segment). */
  name: string
  /** Absolute path of the file the runner left. */
  path: string
  contentType: string
}

/** What every run gets besides its spec. */
export interface RunContext {
  /** The data-center or private location this attempt runs in. */
  location: string
  /** Epoch ms; a fake clock in tests of classification logic. */
  now(): number
  /** Aborts the run (engine shutdown). */
  signal?: AbortSignal
}

export interface Runner<Spec> {
  run(spec: Spec, ctx: RunContext): Promise<RunResult>
}

/** Scripts run around an API check (in order: group setup → check setup → request → check teardown → group teardown). */
export interface ScriptPhases {
  setup: string[]
  teardown: string[]
}

/**
 * What the engine hands a runner: the check's stored document with its group's settings already applied
 * (request, assertions, thresholds, shouldFail …), the variables for {{VAR}} interpolation (check > group >
 * account, plus runtime variables such as CHECK_ID and REGION), and the setup/teardown scripts to run.
 */
export interface CheckRunSpec {
  checkId: string
  checkName: string
  checkType: CheckType
  doc: EffectiveCheck
  variables: Record<string, string>
  scripts: ScriptPhases
  /**
   * The account's client certificates (with their keys), for checks whose requests present one when the host
   * asks (API and URL checks); absent for other check types, so that their runs never carry the keys.
   */
  clientCertificates?: ClientCertificateMaterial[]
  /**
   * A run against a deployment (API and URL checks): the request goes to this URL's scheme, host and port, with
   * the check's own path and query. Absent: the check's own target.
   */
  environmentUrl?: string
  /** Install the run's dependencies anew instead of taking them from the install cache. */
  refreshCache?: boolean
}

export type CheckRunner = Runner<CheckRunSpec>
