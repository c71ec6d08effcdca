/**
 * Reads Playwright Test's JSON report (pure): every test with its outcome, the failing step and error, the
 * degraded marks, the attachments (traces, screenshots), and the run's totals.
 */
import path from 'node:path'
import { stripAnsi } from '../../lib/ansi.js'
import { explainLoadError } from './error-causes.js'

export interface TestError {
  message: string
  /** The innermost `test.step` that failed, when the failure happened inside one. */
  step: string | null
  location: string | null
}

export interface TestOutcome {
  /** Describe blocks and title, joined with ' › '. */
  title: string
  file: string
  project: string
  /** passed, failed, timedOut, skipped, interrupted; `flaky` when it passed on a retry. */
  status: string
  durationMs: number
  retries: number
  error: TestError | null
  stdout: string[]
}

export interface ReportSummary {
  tests: TestOutcome[]
  /** Errors outside any test (a script that does not load, a broken config). */
  globalErrors: string[]
  degradedReasons: string[]
  attachments: Array<{ name: string; contentType: string; path: string; test: string }>
  durationMs: number
  counts: { passed: number; failed: number; flaky: number; skipped: number }
}

interface RawError {
  message?: string
  stack?: string
  location?: { file?: string; line?: number; column?: number }
}
interface RawStep {
  title?: string
  error?: { message?: string }
  steps?: RawStep[]
}
interface RawResult {
  status?: string
  duration?: number
  retry?: number
  error?: { message?: string; location?: { file?: string; line?: number; column?: number } }
  steps?: RawStep[]
  annotations?: Array<{ type?: string; description?: string }>
  attachments?: Array<{ name?: string; contentType?: string; path?: string }>
  stdout?: Array<{ text?: string }>
}
interface RawTest {
  projectName?: string
  status?: string
  annotations?: Array<{ type?: string; description?: string }>
  results?: RawResult[]
}
interface RawSpec {
  title?: string
  file?: string
  tests?: RawTest[]
}
interface RawSuite {
  title?: string
  file?: string
  specs?: RawSpec[]
  suites?: RawSuite[]
}
interface RawReport {
  suites?: RawSuite[]
  errors?: RawError[]
  stats?: { duration?: number }
  config?: { projects?: Array<{ name?: string; testDir?: string }> }
}

/** The first lines of a Playwright error (its call log and source excerpt are in the trace). */
export function shortError(message: string, maxLines = 8): string {
  const lines = stripAnsi(message).split('\n')
  const cut = lines.findIndex((l) => /^Call log:|^\s+at |^\s*>?\s*\d+ \|/.test(l))
  return (cut > 0 ? lines.slice(0, cut) : lines.slice(0, maxLines)).join('\n').trim()
}

function failingStep(steps: RawStep[] | undefined): string | null {
  for (const step of steps ?? []) {
    if (!step.error) continue
    return failingStep(step.steps) ?? step.title ?? null
  }
  return null
}

export const DEGRADED_ANNOTATION = 'picket:degraded'

/** An error outside any test, by its cause when one is recognised (error-causes.ts), else its first lines and place. */
function globalError(e: RawError): string {
  const explained = explainLoadError(`${e.message ?? ''}\n${e.stack ?? ''}`)
  if (explained) return explained
  const loc = e.location?.file ? ` (at ${e.location.file}:${e.location.line ?? 0}:${e.location.column ?? 0})` : ''
  return `${shortError(e.message ?? 'Unknown error', 12)}${loc}`
}

/**
 * The report of a run whose folder the run sees as `runDir`. Paths in it may be absolute inside that folder or,
 * once run-layout.ts made them so, relative to it; results name files relative to it either way.
 */
export function readReport(raw: unknown, runDir: string): ReportSummary {
  const report = (raw ?? {}) as RawReport
  const summary: ReportSummary = {
    tests: [],
    globalErrors: (report.errors ?? []).map(globalError),
    degradedReasons: [],
    attachments: [],
    durationMs: Number(report.stats?.duration ?? 0),
    counts: { passed: 0, failed: 0, flaky: 0, skipped: 0 },
  }
  // Spec files are relative to their project's testDir; results name them relative to the run's folder.
  const testDirs = new Map((report.config?.projects ?? []).map((p) => [p.name ?? '', p.testDir ?? runDir]))
  const fileOf = (file: string, project: string): string => path.relative(runDir, path.resolve(runDir, testDirs.get(project) ?? runDir, file))
  const visit = (suite: RawSuite, titles: string[]): void => {
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const outcome = readTest(summary, spec, test, [...here, spec.title ?? ''], runDir)
        summary.tests.push({ ...outcome, file: fileOf(outcome.file, outcome.project) })
      }
    }
    for (const child of suite.suites ?? []) visit(child, here)
  }
  for (const suite of report.suites ?? []) visit(suite, [])
  return summary
}

function readTest(summary: ReportSummary, spec: RawSpec, test: RawTest, titles: string[], runDir: string): TestOutcome {
  const results = test.results ?? []
  const last = results[results.length - 1]
  const title = titles.filter((t) => t !== '').join(' › ')
  const failed = results.find((r) => r.status !== 'passed' && r.status !== 'skipped')
  const status = test.status === 'flaky' ? 'flaky' : (last?.status ?? 'skipped')
  if (status === 'passed') summary.counts.passed++
  else if (status === 'flaky') summary.counts.flaky++
  else if (status === 'skipped') summary.counts.skipped++
  else summary.counts.failed++
  for (const r of results) {
    for (const a of [...(test.annotations ?? []), ...(r.annotations ?? [])]) {
      const reason = a.description ?? 'Marked as degraded by the script'
      if (a.type === DEGRADED_ANNOTATION && !summary.degradedReasons.includes(reason)) summary.degradedReasons.push(reason)
    }
    for (const a of r.attachments ?? []) {
      if (a.path) summary.attachments.push({ name: a.name ?? 'attachment', contentType: a.contentType ?? 'application/octet-stream', path: a.path, test: title })
    }
  }
  const bad = status === 'flaky' || status === 'passed' || status === 'skipped' ? null : (last ?? failed)
  const loc = bad?.error?.location
  return {
    title,
    file: spec.file ?? '',
    project: test.projectName ?? '',
    status,
    durationMs: results.reduce((sum, r) => sum + Number(r.duration ?? 0), 0),
    retries: Math.max(0, results.length - 1),
    error: bad
      ? {
          message: bad.status === 'timedOut' && !bad.error ? 'Test timed out' : shortError(bad.error?.message ?? `Test ${bad.status ?? 'failed'}`),
          step: failingStep(bad.steps),
          location: loc?.file ? `${path.isAbsolute(loc.file) ? path.relative(runDir, loc.file) : loc.file}:${loc.line ?? 0}:${loc.column ?? 0}` : null,
        }
      : null,
    stdout: results.flatMap((r) => (r.stdout ?? []).map((s) => String(s.text ?? '').replace(/\n$/, ''))),
  }
}
