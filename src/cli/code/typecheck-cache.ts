/**
 * The type-check of a project's files, skipped when nothing it read has changed since it last passed. Loading the
 * TypeScript compiler and checking even a small project costs seconds, most of what `picket deploy` and `picket
 * test` take; an unchanged project needs neither. A passing check is remembered in the cache folder (one small
 * JSON file per project folder and set of files) with the content hash of every file the compiler read (the
 * project's files, the constructs' sources, the declarations of packages), the compiler's version and this
 * module's compiler options (the hash of typecheck.ts). The next check hashes those files again and, when all are
 * the same, answers without loading the compiler. A failing check is never remembered, so every type error is
 * reported each time; an unreadable or corrupt entry is a miss, and a cache that cannot be written is no cache.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TypeCheckResult } from './typecheck.js'
import type { TypeProblem } from './type-problem.js'

export type TypeChecker = (files: string[], aliases: Record<string, string[]>, projectRoot: string) => Promise<TypeCheckResult>

/** The compiler, loaded only when a check has to run. */
export const compilerTypeCheck: TypeChecker = async (files, aliases, root) => (await import('./typecheck.js')).typeCheck(files, aliases, root)

const require = createRequire(import.meta.url)
const TYPECHECK_SOURCE = fileURLToPath(new URL('./typecheck.ts', import.meta.url))
/** Entries not used for this long are removed when a new one is written, so that the folder stays small. */
const STALE_MS = 30 * 24 * 3600 * 1000

interface Entry {
  inputs: Record<string, string>
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex')

/** What a result depends on besides the files it read: the files asked for, the aliases, the compiler, its options. */
function entryFile(cacheDir: string, files: string[], aliases: Record<string, string[]>, root: string): string {
  const compiler = (JSON.parse(fs.readFileSync(require.resolve('typescript/package.json'), 'utf8')) as { version: string }).version
  const key = sha256(JSON.stringify({ root, files: [...files].sort(), aliases, compiler, options: sha256(fs.readFileSync(TYPECHECK_SOURCE)) }))
  return path.join(cacheDir, 'typecheck', `${key}.json`)
}

function unchanged(file: string): boolean {
  try {
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as Entry
    const inputs = Object.entries(entry.inputs)
    if (inputs.length === 0) return false
    for (const [input, hash] of inputs) if (sha256(fs.readFileSync(input)) !== hash) return false
    // Touched, so that pruning keeps the entries in use.
    const now = new Date()
    fs.utimesSync(file, now, now)
    return true
  } catch {
    return false
  }
}

function remember(file: string, inputs: string[]): void {
  try {
    const entry: Entry = { inputs: Object.fromEntries(inputs.map((input) => [input, sha256(fs.readFileSync(input))])) }
    const dir = path.dirname(file)
    fs.mkdirSync(dir, { recursive: true })
    for (const old of fs.readdirSync(dir)) {
      const stale = path.join(dir, old)
      const mtime = fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - mtime > STALE_MS) fs.rmSync(stale, { force: true })
    }
    // Written under a private name and renamed, so that a concurrent command never reads half an entry.
    const partial = `${file}.${process.pid}`
    fs.writeFileSync(partial, JSON.stringify(entry))
    fs.renameSync(partial, file)
  } catch {
    // No cache this time: the next command checks again.
  }
}

/** The type errors of `files`; without `cacheDir`, always checked. */
export async function checkProjectTypes(
  files: string[],
  aliases: Record<string, string[]>,
  root: string,
  cacheDir: string | undefined,
  typeCheck: TypeChecker = compilerTypeCheck,
): Promise<TypeProblem[]> {
  const file = cacheDir === undefined ? undefined : entryFile(cacheDir, files, aliases, root)
  if (file !== undefined && unchanged(file)) return []
  const { problems, inputs } = await typeCheck(files, aliases, root)
  if (file !== undefined && problems.length === 0) remember(file, inputs)
  return problems
}
