/**
 * A browser run's verdict (pure): from how its process ended, the Playwright report and the trace summary to a
 * RunResult. A failing test names the test and the step; a hard limit, a memory kill or a crash says so; a
 * degraded mark counts only when nothing failed and nothing timed out.
 */
import type { ErrorKind, RunResult, RunStatus } from '../contract.js'
import { formatSeconds } from '../sandbox/spawn-child.js'
import type { ProcessOutcome } from './run-process.js'
import { stripAnsi } from '../../lib/ansi.js'
import { explainLoadError, noTestsMessage, type ConfigSummary } from './error-causes.js'
import { shortError, type ReportSummary, type TestOutcome } from './report.js'
import type { TraceSummary } from './trace-summary.js'

export interface VerdictInput {
  process: ProcessOutcome
  /** null in plain mode, or when no report was written. */
  report: ReportSummary | null
  plain: boolean
  /** Plain mode: the error the preload recorded. */
  plainError: { message: string; stack: string | null } | null
  plainDegraded: string[]
  trace: TraceSummary
  limits: { timeoutMs: number; memoryMb: number; diskMb?: number }
  /** What the run's config said (where tests are looked for), when it loaded. */
  config?: ConfigSummary | null
}

export interface Verdict {
  status: RunStatus
  errorKind: ErrorKind | null
  errorMessage: string | null
  isDegraded: boolean
  degradedReason: string | null
}

const lastLines = (text: string, n: number): string =>
  stripAnsi(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && !/^\s+at /.test(l) && !/^Node\.js v/.test(l))
    .slice(-n)
    .join('\n')

function describeTest(t: TestOutcome): string {
  const step = t.error?.step ? ` at step "${t.error.step}"` : ''
  const where = t.error?.location ?? (t.file ? t.file : null)
  return `Test "${t.title}" failed${step}${where ? ` (${where})` : ''}: ${t.error?.message ?? t.status}`
}

const NO_TESTS = /^Error: No tests found|^No tests found/m

function kindOf(t: TestOutcome): ErrorKind {
  if (t.status === 'timedOut' || t.status === 'interrupted') return 'TIMEOUT'
  return /\bexpect\(/.test(t.error?.message ?? '') ? 'ASSERTION' : 'SCRIPT'
}

const fail = (errorKind: ErrorKind, errorMessage: string): Verdict => ({ status: 'failing', errorKind, errorMessage, isDegraded: false, degradedReason: null })

export function decideVerdict(input: VerdictInput): Verdict {
  const { process: p, report } = input
  if (p.killedFor === 'timeout') {
    const running = report?.tests.find((t) => t.status === 'interrupted' || t.status === 'timedOut')
    return fail('TIMEOUT', `The run exceeded its hard limit of ${formatSeconds(input.limits.timeoutMs)} and was killed${running ? ` (test "${running.title}" was running)` : ''}`)
  }
  if (p.killedFor === 'memory') return fail('SCRIPT', `The run used more than ${input.limits.memoryMb} MB of memory and was killed`)
  if (p.killedFor === 'disk') return fail('SCRIPT', `The run wrote more than ${input.limits.diskMb ?? 0} MB into its folder and was killed`)
  if (p.killedFor === 'aborted') return fail('TIMEOUT', 'The run was stopped because the runner shut down')
  if (input.plain) {
    if (p.code === 0 && !input.plainError) return passOrDegraded(input.plainDegraded)
    const message = input.plainError
      ? shortError(input.plainError.message)
      : lastLines(p.stderr, 6) || `The script exited with ${p.signal ? `signal ${p.signal}` : `code ${String(p.code)}`}`
    return fail(/\bexpect\(|AssertionError/.test(message) ? 'ASSERTION' : 'SCRIPT', `Script failed: ${message}`)
  }
  if (!report) {
    if (NO_TESTS.test(stripAnsi(p.stderr)) || NO_TESTS.test(stripAnsi(p.stdout))) return fail('SCRIPT', noTestsMessage(input.config ?? null))
    const why = explainLoadError(p.stderr) ?? (lastLines(p.stderr, 8) || lastLines(p.stdout, 8) || `exit ${p.signal ? `signal ${p.signal}` : `code ${String(p.code)}`}`)
    return fail('SCRIPT', `Playwright did not run the tests: ${why}`)
  }
  const failed = report.tests.filter((t) => t.error !== null)
  if (failed.length > 0) {
    const first = failed[0] as TestOutcome
    const more = failed.length > 1 ? ` (and ${failed.length - 1} more failing test${failed.length > 2 ? 's' : ''})` : ''
    return fail(kindOf(first), `${describeTest(first)}${more}${leftUnrun(report)}`)
  }
  // A file that did not load also leaves no test to run: its error is the cause, "no tests found" only the effect.
  const causes = report.globalErrors.filter((e) => !NO_TESTS.test(e))
  if (causes.length === 0 && report.globalErrors.length > 0 && report.tests.length === 0) return fail('SCRIPT', noTestsMessage(input.config ?? null))
  if (causes.length > 0) {
    const timedOut = causes.some((e) => GLOBAL_TIMEOUT.test(e))
    return fail(timedOut ? 'TIMEOUT' : 'SCRIPT', causes.join('\n').slice(0, 1500))
  }
  if (report.tests.length === 0) return fail('SCRIPT', noTestsMessage(input.config ?? null))
  if (report.tests.every((t) => t.status === 'skipped')) return fail('SCRIPT', 'No test ran: every test was skipped')
  if (p.code !== 0) return fail('SCRIPT', `Playwright exited with code ${String(p.code)}: ${lastLines(p.stderr, 6)}`)
  return passOrDegraded(report.degradedReasons)
}

const GLOBAL_TIMEOUT = /Timed out waiting .* for the entire test run|globalTimeout/i

/**
 * Tests Playwright never started because the run's time limit came first are reported as skipped; saying so keeps
 * a user from reading them as skipped on purpose.
 */
function leftUnrun(report: ReportSummary): string {
  if (!report.globalErrors.some((e) => GLOBAL_TIMEOUT.test(e))) return ''
  const unrun = report.tests.filter((t) => t.status === 'skipped').length
  if (unrun === 0) return '; then the run reached its time limit'
  return `; then the run reached its time limit with ${unrun} test${unrun > 1 ? 's' : ''} not run`
}

function passOrDegraded(reasons: string[]): Verdict {
  if (reasons.length === 0) return { status: 'passing', errorKind: null, errorMessage: null, isDegraded: false, degradedReason: null }
  return { status: 'degraded', errorKind: null, errorMessage: null, isDegraded: true, degradedReason: reasons.join('; ').slice(0, 500) }
}

/** The RunResult fields the verdict decides (the runner adds timings, details and logs). */
export function verdictFields(
  v: Verdict,
): Pick<RunResult, 'status' | 'hasFailures' | 'hasErrors' | 'isDegraded' | 'errorKind' | 'errorMessage' | 'networkError' | 'overMaxResponseTime'> {
  return {
    status: v.status,
    hasFailures: v.status === 'failing',
    hasErrors: false,
    isDegraded: v.isDegraded,
    errorKind: v.errorKind,
    errorMessage: v.errorMessage,
    networkError: false,
    overMaxResponseTime: false,
  }
}
