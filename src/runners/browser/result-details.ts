/**
 * The stored details and job log of a browser run (pure): the reference's browser result fields (runtime
 * version, errors, pages) plus every test with its outcome, the console, and the network request count.
 */
import type { CheckRunSpec } from '../contract.js'
import { boundLog, MAX_LOG_LINES } from '../run-result.js'
import type { Verdict } from './outcome.js'
import type { ReportSummary } from './report.js'
import type { RunPlan } from './run-plan.js'
import type { ProcessOutcome } from './run-process.js'
import type { TraceSummary } from './trace-summary.js'
import { pagesWithVitals, type WebVitals } from './web-vitals.js'

export interface DetailsInput {
  plan: RunPlan
  spec: CheckRunSpec
  report: ReportSummary | null
  trace: TraceSummary
  vitals: Map<string, WebVitals>
  verdict: Verdict
  versions: { node: string; playwright: string }
  proc: ProcessOutcome
  startedAt: number
  stoppedAt: number
  /** What the service changed or decided about the project (config overrides, skipped projects, dependencies). */
  notes?: readonly string[]
}

/** Lines of the runner's standard error kept in a result: the first ones, where a load error starts. */
const STDERR_LINES = 20

export function buildDetails(input: DetailsInput): Record<string, unknown> {
  const { report, trace, verdict } = input
  const pages = pagesWithVitals(trace, input.vitals)
  return {
    type: input.plan.plain ? 'PLAYWRIGHT' : 'PLAYWRIGHT_TEST',
    runtimeVersion: String(input.spec.doc.runtimeId ?? '2026.04'),
    runtime: { nodeJsVersion: input.versions.node, playwrightVersion: input.versions.playwright },
    mode: input.plan.plain ? 'script' : input.plan.mode === 'suite' ? 'suite' : 'test',
    tests: (report?.tests ?? []).map((t) => ({
      title: t.title,
      file: t.file,
      project: t.project,
      status: t.status,
      durationMs: Math.round(t.durationMs),
      retries: t.retries,
      error: t.error,
    })),
    summary: report ? { ...report.counts, total: report.tests.length } : null,
    errors: [...(verdict.errorMessage ? [verdict.errorMessage] : []), ...trace.pageErrors].slice(0, 20),
    degradedReason: verdict.degradedReason,
    pages,
    // The first page's vitals are the run's (analytics reads them).
    webVitals: pages[0]?.webVitals ?? {},
    networkRequests: trace.networkRequests,
    networkErrors: trace.networkErrors,
    consoleErrors: trace.consoleErrors,
    userScriptErrors: trace.pageErrors.length,
    notes: [...(input.notes ?? [])],
    stderr: input.proc.stderr
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, STDERR_LINES)
      .map((l) => l.slice(0, 500)),
    startTime: input.startedAt,
    endTime: input.stoppedAt,
  }
}

/** Room kept at the end of a bounded job log for what the service has to say about the run's files. */
const MAX_NOTES = 20

/**
 * The job log: the tests, the script's output, the browser console, and then the service's notes on the run's
 * files (artifacts left out, a trace summary cut at its cap). The notes get room of their own, so that a chatty
 * script cannot push them out of the bounded log.
 */
export function buildJobLog(input: {
  report: ReportSummary | null
  trace: TraceSummary
  proc: ProcessOutcome
  plain: boolean
  verdict: Verdict
  notes?: readonly string[]
}): string[] {
  const log: string[] = []
  for (const t of input.report?.tests ?? []) {
    const mark = t.status === 'passed' ? '✓' : t.status === 'flaky' ? '±' : t.status === 'skipped' ? '-' : '✘'
    log.push(`${mark} ${t.title} (${Math.round(t.durationMs)} ms)${t.error ? `: ${t.error.step ? `step "${t.error.step}": ` : ''}${t.error.message.split('\n')[0] ?? ''}` : ''}`)
    for (const line of t.stdout) log.push(line)
  }
  if (input.plain)
    log.push(
      ...input.proc.stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-100),
    )
  log.push(...input.trace.consoleLines)
  if (input.verdict.status === 'failing' && (input.plain || !input.report))
    log.push(
      ...input.proc.stderr
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-30),
    )
  const notes = [...(input.notes ?? [])]
  if (input.trace.cut) notes.push(`Trace summary cut ${input.trace.cut}: console lines, page errors and requests after that point are not counted`)
  const kept = notes.length > MAX_NOTES ? [...notes.slice(0, MAX_NOTES - 1), `… ${notes.length - MAX_NOTES + 1} more notes on the run's files`] : notes
  const room = MAX_LOG_LINES - kept.length
  const head = log.length > room ? [...log.slice(0, room - 1), `… ${log.length - room + 1} more lines`] : log
  return boundLog([...head, ...kept])
}
