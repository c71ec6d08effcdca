/**
 * The local files a script needs: the entry file and every file it imports with a relative specifier, transitively
 * (`import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`, `require('./x')`, TypeScript or
 * JavaScript, ES modules or CommonJS). Imports are read with TypeScript's parser (lib/module-imports.ts), so an
 * import in a comment or a string is not followed. Specifiers resolve as TypeScript does: the file itself, `.js`
 * standing for `.ts`, an added extension, or a folder's index. Packages (`@playwright/test`) come from the
 * project's package.json or the runner and are not followed. A relative import that names no file is an error,
 * since the run would fail on it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { importsOf } from '../lib/module-imports.js'

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json']
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] }

const isFile = (file: string): boolean => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false

const isRelative = (specifier: string): boolean => specifier === '.' || specifier === '..' || /^\.{1,2}\//.test(specifier)

/** The relative specifiers a source text imports, in order, without repeats (`fileName` tells JSX and JavaScript apart). */
export function relativeSpecifiers(source: string, fileName?: string): string[] {
  return importsOf(source, fileName).filter(isRelative)
}

/** The file a relative specifier names, or undefined. */
export function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier)
  const extension = path.extname(base)
  const candidates = [
    base,
    ...(TS_FOR_JS[extension] ?? []).map((ts) => base.slice(0, -extension.length) + ts),
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ]
  return candidates.find(isFile)
}

/** The entry file then every local file it reaches, as absolute paths. */
export function localFiles(entry: string): string[] {
  const files = [path.resolve(entry)]
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as string
    if (!SCRIPT.test(file)) continue
    for (const specifier of relativeSpecifiers(fs.readFileSync(file, 'utf8'), file)) {
      const resolved = resolveSpecifier(file, specifier)
      if (resolved === undefined) throw new Error(`${file} imports ${specifier}, which names no file`)
      if (!files.includes(resolved)) files.push(resolved)
    }
  }
  return files
}

/** The deepest folder holding every file. */
export function commonFolder(files: readonly string[]): string {
  let folder = path.dirname(files[0] ?? '.')
  while (!files.every((f) => f.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep))) {
    const parent = path.dirname(folder)
    if (parent === folder) break
    folder = parent
  }
  return folder
}

/** A path relative to a folder, with / between folders (as the API wants it). */
export const toPosixRelative = (folder: string, file: string): string => path.relative(folder, file).split(path.sep).join('/')
