/**
 * The files a run leaves that are worth keeping (semantics section 6): the Playwright traces, the screenshots on
 * failure, the screenshots the script took itself (at most 20: .png, .jpg, .jpeg), and the JSON report. Names
 * are made safe to be file names and URL segments, and unique within the run.
 */
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ArtifactType, RunArtifact } from '../contract.js'
import type { ReportSummary } from './report.js'
import { RUN_TMP } from './workspace.js'

export const MAX_SCREENSHOTS = 20
const SCREENSHOT = /\.(png|jpe?g)$/i
const SKIP_DIRS = new Set([RUN_TMP, 'node_modules', 'picket-output'])

/** A name of a-z A-Z 0-9 . _ @ - only, at most 80 characters before the extension. */
export function safeName(base: string, ext: string): string {
  const clean = base.replace(/[^a-zA-Z0-9_@-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80)
  return `${clean === '' ? 'file' : clean}${ext}`
}

class Names {
  private readonly used = new Set<string>()
  take(base: string, ext: string): string {
    let name = safeName(base, ext)
    for (let i = 2; this.used.has(name); i++) name = safeName(`${base}-${i}`, ext)
    this.used.add(name)
    return name
  }
}

const contentTypeOf = (file: string): string => (/\.png$/i.test(file) ? 'image/png' : /\.jpe?g$/i.test(file) ? 'image/jpeg' : /\.zip$/i.test(file) ? 'application/zip' : /\.json$/i.test(file) ? 'application/json' : 'application/octet-stream')

async function screenshotsTakenBy(dir: string, since: number, found: string[] = [], depth = 0): Promise<string[]> {
  if (depth > 6) return found
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory() && !(depth === 0 && SKIP_DIRS.has(entry.name))) await screenshotsTakenBy(p, since, found, depth + 1)
    else if (entry.isFile() && SCREENSHOT.test(entry.name) && (await stat(p)).mtimeMs >= since) found.push(p)
  }
  return found
}

export interface CollectInput {
  runDir: string
  startedAt: number
  /** Test mode: the report's attachments; plain mode: null. */
  report: ReportSummary | null
  reportFile: string | null
  outputDir: string
}

export async function collectArtifacts(input: CollectInput): Promise<RunArtifact[]> {
  const names = new Names()
  const out: RunArtifact[] = []
  const add = (type: ArtifactType, base: string, file: string): void => {
    const ext = path.extname(file).toLowerCase()
    out.push({ type, name: names.take(base, ext), path: file, contentType: contentTypeOf(file) })
  }
  let screenshots = 0
  if (input.report) {
    for (const a of input.report.attachments) {
      if (a.contentType === 'application/zip' && a.name === 'trace') add('trace', `${a.test}-trace`, a.path)
      else if (a.contentType.startsWith('image/') && screenshots < MAX_SCREENSHOTS) {
        screenshots++
        add('screenshot', `${a.test}-${a.name}`, a.path)
      }
    }
  } else {
    for (const entry of (await readdir(input.outputDir).catch(() => [] as string[])).sort()) {
      const p = path.join(input.outputDir, entry)
      if (/^trace-\d+\.zip$/.test(entry)) add('trace', path.basename(entry, '.zip'), p)
      else if (/^failure-\d+\.png$/.test(entry) && screenshots < MAX_SCREENSHOTS) {
        screenshots++
        add('screenshot', path.basename(entry, '.png'), p)
      }
    }
  }
  for (const file of (await screenshotsTakenBy(input.runDir, input.startedAt - 1000)).sort()) {
    if (screenshots >= MAX_SCREENSHOTS) break
    screenshots++
    add('screenshot', path.basename(file, path.extname(file)), file)
  }
  if (input.reportFile) {
    const size = await stat(input.reportFile).then((s) => s.size).catch(() => -1)
    if (size >= 0) add('report', 'playwright-report', input.reportFile)
  }
  return out
}
