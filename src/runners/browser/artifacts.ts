/**
 * The files a run leaves that are worth keeping: the JSON report, the Playwright traces, the
 * screenshots on failure and the screenshots the script took itself (.png, .jpg, .jpeg). A run's folder is the
 * run's to fill, so a file is taken only under the rules of run-file.ts (a regular file inside the run's folder;
 * for a plain script's outputs, inside the output folder) and within the caps of artifact-caps.ts, and is copied at
 * once, from the descriptor that was checked, into a folder of the service's own beside the run's, which the run's
 * user cannot write: nothing the run does afterwards changes what is stored, and nothing reads the run's files by
 * name again. What is left out, and why, goes to the run's job log. Names are made safe to be file names and URL
 * segments, and unique within the run.
 */
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { ArtifactType, RunArtifact } from '../contract.js'
import { ARTIFACT_CAPS, ArtifactBudget, type ArtifactCaps } from './artifact-caps.js'
import type { ReportSummary } from './report.js'
import { copyOpened, isWithin, openRunFile } from './run-file.js'
import { RUN_TMP } from './workspace.js'

const SCREENSHOT = /\.(png|jpe?g)$/i
const SKIP_DIRS = new Set([RUN_TMP, 'node_modules', 'picket-output'])
/** Folder entries looked at when searching the run's folder for screenshots. */
const MAX_SCANNED = 10_000
const SAFE_EXT = /^\.[a-z0-9]{1,8}$/

/** A name of a-z A-Z 0-9 . _ @ - only, at most 80 characters before the extension. */
export function safeName(base: string, ext: string): string {
  const clean = base
    .replace(/[^a-zA-Z0-9_@-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
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

const contentTypeOf = (file: string): string =>
  /\.png$/i.test(file)
    ? 'image/png'
    : /\.jpe?g$/i.test(file)
      ? 'image/jpeg'
      : /\.zip$/i.test(file)
        ? 'application/zip'
        : /\.json$/i.test(file)
          ? 'application/json'
          : 'application/octet-stream'

type Kept = Extract<ArtifactType, 'screenshot' | 'trace' | 'report'>

interface Candidate {
  type: Kept
  base: string
  /** As the run named it: absolute, or relative to `folder`. */
  file: string
  /** The folder the file must lie in. */
  folder: string
  /** How the job log names it. */
  label: string
}

/** Screenshots (and anything named like one) made in the run's folder since `since`; links are not followed. */
async function screenshotsTakenBy(dir: string, since: number, found: string[] = [], depth = 0, seen = { entries: 0 }): Promise<string[]> {
  if (depth > 6) return found
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (++seen.entries > MAX_SCANNED) break
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!(depth === 0 && SKIP_DIRS.has(entry.name))) await screenshotsTakenBy(p, since, found, depth + 1, seen)
    } else if (SCREENSHOT.test(entry.name) && ((await lstat(p).catch(() => null))?.mtimeMs ?? 0) >= since) {
      found.push(p)
    }
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
  caps?: ArtifactCaps
}

export interface CollectedArtifacts {
  /** Copies the service owns, outside the run's folder. */
  artifacts: RunArtifact[]
  /** What was left out and why, one line each, for the job log. */
  notes: string[]
  /** Removes the copies (once they are stored). */
  release(): Promise<void>
}

export const NO_ARTIFACTS: CollectedArtifacts = { artifacts: [], notes: [], release: async () => undefined }

/** How a path the run gave reads in the job log: inside the run folder relative to it, else as given (bounded). */
function shown(runDir: string, file: string): string {
  const full = path.resolve(runDir, file)
  const text = isWithin(runDir, full) ? path.relative(runDir, full) : file
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

async function candidatesOf(input: CollectInput): Promise<Candidate[]> {
  const { runDir, outputDir } = input
  const out: Candidate[] = []
  if (input.reportFile) out.push({ type: 'report', base: 'playwright-report', file: input.reportFile, folder: runDir, label: 'the Playwright report' })
  if (input.report) {
    for (const a of input.report.attachments) {
      const label = `report attachment '${a.name}' (${shown(runDir, a.path)})`
      if (a.contentType === 'application/zip' && a.name === 'trace') out.push({ type: 'trace', base: `${a.test}-trace`, file: a.path, folder: runDir, label })
      else if (a.contentType.startsWith('image/')) out.push({ type: 'screenshot', base: `${a.test}-${a.name}`, file: a.path, folder: runDir, label })
    }
  } else {
    for (const entry of (await readdir(outputDir).catch(() => [] as string[])).sort()) {
      const label = `output file '${entry}'`
      if (/^trace-\d+\.zip$/.test(entry)) out.push({ type: 'trace', base: path.basename(entry, '.zip'), file: entry, folder: outputDir, label })
      else if (/^failure-\d+\.png$/.test(entry)) out.push({ type: 'screenshot', base: path.basename(entry, '.png'), file: entry, folder: outputDir, label })
    }
  }
  for (const file of (await screenshotsTakenBy(runDir, input.startedAt - 1000)).sort()) {
    out.push({ type: 'screenshot', base: path.basename(file, path.extname(file)), file, folder: runDir, label: `screenshot '${shown(runDir, file)}'` })
  }
  return out
}

const extOf = (c: Candidate): string => {
  const ext = path.extname(c.file).toLowerCase()
  return SAFE_EXT.test(ext) ? ext : c.type === 'trace' ? '.zip' : c.type === 'report' ? '.json' : ''
}

async function keep(c: Candidate, staging: string, budget: ArtifactBudget, names: Names): Promise<RunArtifact | { refused: string }> {
  const opened = await openRunFile(c.folder, c.file)
  if ('refused' in opened) return opened
  try {
    // The size is known from the descriptor before a byte is read: a huge file costs nothing to refuse.
    const refused = budget.refusal(c.type, opened.size)
    if (refused) return { refused }
    const name = names.take(c.base, extOf(c))
    const target = path.join(staging, name)
    budget.take(c.type, await copyOpened(opened.handle, opened.size, target))
    return { type: c.type, name, path: target, contentType: contentTypeOf(name) }
  } finally {
    await opened.handle.close().catch(() => undefined)
  }
}

/** Takes the run's artifacts; never throws for one file's sake (it is left out, with a line saying why). */
export async function collectArtifacts(input: CollectInput): Promise<CollectedArtifacts> {
  const budget = new ArtifactBudget(input.caps ?? ARTIFACT_CAPS)
  const names = new Names()
  const artifacts: RunArtifact[] = []
  const notes: string[] = []
  const seen = new Set<string>()
  let staging: string | null = null
  for (const c of await candidatesOf(input)) {
    const key = path.resolve(c.folder, c.file)
    if (seen.has(key)) continue
    seen.add(key)
    if (!budget.hasRoom(c.type)) continue
    try {
      // Beside the run's folder, in the runner's root, which only this process's user may write.
      staging ??= await mkdtemp(path.join(path.dirname(input.runDir), 'a-'))
      const kept = await keep(c, staging, budget, names)
      // A report that was never written says nothing new: the verdict already tells why.
      if ('refused' in kept) {
        if (!(c.type === 'report' && kept.refused === 'is missing')) notes.push(`Artifact left out: ${c.label} ${kept.refused}`)
      } else artifacts.push(kept)
    } catch (err) {
      notes.push(`Artifact left out: ${c.label} could not be copied (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
    }
  }
  const dir = staging
  return {
    artifacts,
    notes: [...notes, ...budget.notes()],
    release: async () => {
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}
