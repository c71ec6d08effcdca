/**
 * What a browser run left in its folder once its process ended: Playwright's report, the notes of the generated
 * config, a plain script's error and degraded marks, the artifacts, the traces' summary and the pages' web vitals.
 * The run's own files are read under the artifacts' rules (run-file.ts): no links, inside the folder, capped; every
 * text is shown with the box's neutral paths.
 */
import path from 'node:path'
import { ARTIFACT_CAPS, RUN_NOTE_BYTES } from './artifact-caps.js'
import { collectArtifacts, NO_ARTIFACTS, type CollectedArtifacts } from './artifacts.js'
import type { ConfigSummary } from './error-causes.js'
import { readReport, type ReportSummary } from './report.js'
import { jsonLines, parseJson, readRunJson, readRunText } from './run-file.js'
import { summarizeTraces } from './trace-reader.js'
import type { TraceSummary } from './trace-summary.js'
import { readVitals, type WebVitals } from './web-vitals.js'

/** Where the generated config writes what it noted of the project's own config (the run folder's root). */
export const NOTES_FILE = 'picket-config.json'

export interface RunOutputsInput {
  dir: string
  /** A plain script (no Playwright Test): no report or config notes, but its own error and degraded files. */
  plain: boolean
  /** The run folder as the run saw it, which the report's paths are relative to. */
  root: string
  startedAt: number
  /** Whether the run's artifacts are kept (not after a timeout). */
  keep: boolean
  /** A text as it may be shown: the run's paths made neutral. */
  shown: (text: string) => string
}

export interface RunOutputs {
  report: ReportSummary | null
  summary: ConfigSummary | null
  plainError: { message: string; stack: string | null } | null
  plainDegraded: string[]
  collected: CollectedArtifacts
  trace: TraceSummary
  vitals: Map<string, WebVitals>
}

export async function readRunOutputs(input: RunOutputsInput): Promise<RunOutputs> {
  const { dir, plain, shown } = input
  const reportFile = path.join(dir, 'picket-report.json')
  const outputDir = path.join(dir, 'picket-output')
  const report = plain
    ? null
    : await readRunText(dir, reportFile, ARTIFACT_CAPS.reportBytes)
        .then((t) => (t === null ? null : readReport(JSON.parse(shown(t)), input.root)))
        .catch(() => null)
  const summaryText = plain ? null : await readRunText(dir, path.join(dir, NOTES_FILE), RUN_NOTE_BYTES)
  const summary = summaryText === null ? null : parseJson<ConfigSummary>(shown(summaryText))
  const plainError = plain ? await readRunJson<{ message: string; stack: string | null }>(dir, path.join(outputDir, 'picket-plain-error.json'), RUN_NOTE_BYTES) : null
  const plainDegraded = plain ? ((await readRunText(dir, path.join(dir, 'picket-degraded.txt'), RUN_NOTE_BYTES)) ?? '').split('\n').filter(Boolean).flatMap(jsonLines) : []
  const collected = input.keep ? await collectArtifacts({ runDir: dir, startedAt: input.startedAt, report, reportFile: plain ? null : reportFile, outputDir }) : NO_ARTIFACTS
  const trace = await summarizeTraces(collected.artifacts.filter((x) => x.type === 'trace').map((x) => x.path))
  const vitals = readVitals((await readRunText(dir, path.join(outputDir, 'picket-vitals.jsonl'), RUN_NOTE_BYTES)) ?? '')
  return {
    report,
    summary,
    plainError: plainError ? { message: shown(plainError.message), stack: plainError.stack === null ? null : shown(plainError.stack) } : null,
    plainDegraded,
    collected,
    trace,
    vitals,
  }
}
