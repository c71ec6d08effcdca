/**
 * The files of a Playwright check suite: given inline (`{ files }`), or read from disk (`{ entrypoint, include }`).
 * The entry point is the suite's playwright.config.* (or its folder), relative to the file that declared the
 * construct; its folder is the suite root. The suite is the config, the files under the root that `include` matches
 * (default: Playwright's test files, *.spec.* and *.test.*), the root's package.json with its lockfile and .npmrc
 * (what the runner installs from, package-files.ts), every local file those import, and the screenshot baselines
 * of the test files (their `-snapshots` folders), with paths relative to the root. Folders starting with a dot,
 * node_modules and Playwright's output folders are not searched. Files are read when the construct is serialised;
 * binary ones as base64 (domain/checks/suite-file.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { MAX_SUITE_FILES, TEST_FILE } from '../domain/checks/playwright.js'
import { suiteFileOf, type SuiteFileContent } from '../domain/checks/suite-file.js'
import { matcher } from './glob.js'
import { localFiles, toPosixRelative } from './local-imports.js'
import { packageFilesIn } from './package-files.js'

/** Text, or base64 with `encoding: 'base64'` for a binary file (a screenshot baseline, an image to upload). */
export type SuiteFile = SuiteFileContent

export type SuiteCode = { files: SuiteFile[] } | { entrypoint: string; include?: string | string[] }

export type ResolvedSuite = { files: SuiteFile[] } | { entrypoint: string; include: string | string[] | undefined }

const SKIPPED = new Set(['node_modules', 'test-results', 'playwright-report', 'blob-report'])

export function resolveSuiteCode(code: SuiteCode, declaredIn: string | undefined, who: string): ResolvedSuite {
  if (code !== null && typeof code === 'object' && 'files' in code && Array.isArray(code.files)) return { files: code.files }
  if (code !== null && typeof code === 'object' && 'entrypoint' in code && typeof code.entrypoint === 'string') {
    const folder = declaredIn === undefined ? process.cwd() : path.dirname(declaredIn)
    return { entrypoint: path.resolve(folder, code.entrypoint), include: code.include }
  }
  throw new Error(`${who}: code must be { files: [{ path, content }] } or { entrypoint: string, include?: string | string[] }`)
}

function walk(root: string, folder: string, out: string[]): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) walk(root, full, out)
    else if (entry.isFile()) out.push(full)
  }
}

/**
 * The screenshot baselines of the suite's test files: Playwright keeps those of `x.spec.ts` in the folder
 * `x.spec.ts-snapshots` beside it (its default snapshotPathTemplate), which toHaveScreenshot compares against.
 */
function snapshotsOf(files: readonly string[], found: readonly string[]): string[] {
  const folders = files.filter((file) => TEST_FILE.test(file.split(path.sep).join('/'))).map((file) => `${file}-snapshots${path.sep}`)
  return found.filter((file) => folders.some((folder) => file.startsWith(folder)))
}

/** The suite's files (read now). */
export function readSuiteFiles(suite: ResolvedSuite, who: string): SuiteFile[] {
  if ('files' in suite) return suite.files
  const stat = fs.statSync(suite.entrypoint, { throwIfNoEntry: false })
  if (!stat) throw new Error(`${who}: its entrypoint ${suite.entrypoint} does not exist`)
  const root = stat.isDirectory() ? suite.entrypoint : path.dirname(suite.entrypoint)
  const selected = suite.include === undefined ? (p: string) => TEST_FILE.test(p) : matcher(suite.include)
  const found: string[] = []
  walk(root, root, found)
  const seeds = [...(stat.isFile() ? [suite.entrypoint] : []), ...found.filter((file) => selected(toPosixRelative(root, file))), ...packageFilesIn(root)]
  const files = new Set<string>()
  try {
    for (const seed of seeds) for (const file of localFiles(seed)) files.add(file)
  } catch (err) {
    throw new Error(`${who}: ${err instanceof Error ? err.message : String(err)}`)
  }
  for (const file of snapshotsOf([...files], found)) files.add(file)
  const outside = [...files].find((file) => toPosixRelative(root, file).startsWith('../'))
  if (outside) throw new Error(`${who}: ${outside} is outside the suite folder ${root}; a suite's files must be under the folder of its entrypoint`)
  if (files.size > MAX_SUITE_FILES) throw new Error(`${who}: ${files.size} files under ${root}; a suite takes at most ${MAX_SUITE_FILES} (narrow it with include)`)
  // A file whose bytes are not text (toHaveScreenshot's baselines, fixtures) goes as base64, unchanged.
  const result = [...files].map((file) => suiteFileOf(toPosixRelative(root, file), fs.readFileSync(file)))
  if (!result.some((f) => TEST_FILE.test(f.path))) throw new Error(`${who}: no test file (*.spec.* or *.test.*) in the suite under ${root}`)
  return result.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
