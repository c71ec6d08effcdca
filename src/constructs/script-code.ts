/**
 * The code of a browser or multi-step check: inline (`{ content }`) or a file (`{ entrypoint }`, relative to the file
 * that declared the construct). A file is read when the construct is serialised, into the API's `script`; the
 * local files it imports go into `dependencies` and its own path into `scriptPath` (both relative to the deepest
 * folder holding them all), so that `import { login } from './helpers/login'` works in the run as it does locally.
 * When the entry point belongs to a package of the project (package-files.ts), that package's package.json,
 * lockfile and .npmrc go into `dependencies` too, so that the runner installs what the code takes from npm.
 */
import fs from 'node:fs'
import path from 'node:path'
import { commonFolder, localFiles, toPosixRelative } from './local-imports.js'
import { packageFilesIn, packageFolderOf } from './package-files.js'

export type ScriptCode = { content: string } | { entrypoint: string }

export interface ScriptFields {
  script: string
  scriptPath?: string
  dependencies?: Array<{ path: string; content: string }>
}

/** The API's limit on dependencies. */
export const MAX_DEPENDENCIES = 100

/** Inline content, or the absolute path of the entry point. */
export type ResolvedCode = { content: string } | { file: string }

export function resolveCode(code: ScriptCode, declaredIn: string | undefined, who: string): ResolvedCode {
  if (code !== null && typeof code === 'object' && 'content' in code && typeof code.content === 'string') return { content: code.content }
  if (code !== null && typeof code === 'object' && 'entrypoint' in code && typeof code.entrypoint === 'string') {
    const folder = declaredIn === undefined ? process.cwd() : path.dirname(declaredIn)
    return { file: path.resolve(folder, code.entrypoint) }
  }
  throw new Error(`${who}: code must be { content: string } or { entrypoint: string }`)
}

/**
 * script, scriptPath and dependencies of the code (files are read now). `projectRoot` (the folder of
 * picket.config.ts) bounds the search for the entry point's package; without it no package files are added.
 */
export function readScript(code: ResolvedCode, who: string, projectRoot?: string): ScriptFields {
  if ('content' in code) return { script: code.content }
  let files: string[]
  try {
    files = localFiles(code.file)
  } catch (err) {
    throw new Error(`${who}: cannot read its entrypoint ${code.file}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const packageFolder = projectRoot === undefined ? undefined : packageFolderOf(code.file, projectRoot)
  const packageFiles = packageFolder === undefined ? [] : packageFilesIn(packageFolder).filter((f) => !files.includes(f))
  const [entry, ...imported] = [...files, ...packageFiles] as [string, ...string[]]
  if (imported.length > MAX_DEPENDENCIES) {
    throw new Error(`${who}: ${entry} needs ${imported.length} local files (its imports and its package's npm files); a check takes at most ${MAX_DEPENDENCIES} dependencies`)
  }
  const folder = commonFolder([entry, ...imported])
  const script = fs.readFileSync(entry, 'utf8')
  if (imported.length === 0) return { script, scriptPath: path.basename(entry) }
  const dependencies = imported.map((file) => ({ path: toPosixRelative(folder, file), content: fs.readFileSync(file, 'utf8') })).sort((a, b) => (a.path < b.path ? -1 : 1))
  return { script, scriptPath: toPosixRelative(folder, entry), dependencies }
}
