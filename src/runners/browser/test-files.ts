/**
 * Whether a script is a Playwright Test file (pure), decided the way Playwright itself would see it: a file named
 * `*.spec.*` or `*.test.*` is one; any other file is one when what it imports, followed through the check's own
 * files (a fixtures file, page objects, a helper that re-exports the runner), reaches `@playwright/test`, unless
 * the file itself drives the Playwright library (`playwright`, `playwright-core`): that is a plain script, which
 * may still take `expect` from the test package. Imports are read with TypeScript's own parser
 * (lib/module-imports.ts), so TypeScript and JavaScript, ESM `import`, `export ... from`, `import()` and CommonJS
 * `require` all count, and text in comments or strings does not.
 */
import path from 'node:path'
import { importsOf } from '../../lib/module-imports.js'

/** A file Playwright Test picks up by default. */
export const TEST_FILE_NAME = /\.(spec|test)\.(m|c)?[jt]sx?$/

const TEST_RUNNER = /^(@playwright\/test|playwright\/test)(\/|$)/
const LIBRARY = /^(playwright|playwright-core|playwright-chromium)(\/|$)/
/** What a relative import may leave out, in the order Node, TypeScript and Playwright's loader try them. */
const SUFFIXES = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.js', '/index.mjs']
/** Files followed at most: a check's files are few, and a cycle or a huge graph must not cost more. */
const MAX_VISITED = 200

/** The check's file a relative import from `from` names, or null (a `.js` import may name a `.ts` file, as in TypeScript). */
function resolveLocal(from: string, specifier: string, files: ReadonlyMap<string, string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
  const stems = [base, base.replace(/\.(m|c)?js$/, (_m, k: string | undefined) => `.${k ?? ''}ts`)]
  for (const stem of stems) {
    for (const suffix of SUFFIXES) if (files.has(stem + suffix)) return stem + suffix
  }
  return null
}

/** Whether `entry` (a path among `files`, relative to the check's root) is run by the Playwright Test runner. */
export function isTestFile(entry: string, files: ReadonlyMap<string, string>): boolean {
  if (TEST_FILE_NAME.test(entry)) return true
  const own = importsOf(files.get(entry) ?? '', entry)
  if (own.some((s) => LIBRARY.test(s) && !TEST_RUNNER.test(s))) return false
  const seen = new Set<string>([entry])
  const queue: Array<{ file: string; imports: string[] }> = [{ file: entry, imports: own }]
  while (queue.length > 0 && seen.size <= MAX_VISITED) {
    const { file, imports } = queue.shift() as { file: string; imports: string[] }
    for (const specifier of imports) {
      if (TEST_RUNNER.test(specifier)) return true
      if (!specifier.startsWith('.')) continue
      const next = resolveLocal(file, specifier, files)
      if (next === null || seen.has(next)) continue
      seen.add(next)
      queue.push({ file: next, imports: importsOf(files.get(next) ?? '', next) })
    }
  }
  return false
}
