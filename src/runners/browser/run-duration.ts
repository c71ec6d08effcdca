/**
 * A browser run's response time (pure): the time its tests took as Playwright reports each test, not the wall time
 * of the run, which also counts starting the sandbox, Node, the test runner and Chromium. A run whose tests ran in
 * parallel adds up to more than the report's own duration, which then caps it; a run with no test (a plain script,
 * a script that did not load) falls back to the report's duration, then to the process's wall time.
 */
export function runDuration(report: { tests: ReadonlyArray<{ durationMs: number }>; durationMs: number } | null, wallMs: number): number {
  const tests = (report?.tests ?? []).reduce((sum, t) => sum + (Number.isFinite(t.durationMs) ? Math.max(0, t.durationMs) : 0), 0)
  const whole = report && report.durationMs > 0 ? report.durationMs : wallMs
  return tests > 0 ? Math.min(tests, whole) : whole
}
