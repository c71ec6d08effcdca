/**
 * The local files a script needs: the entry file and every file it imports with a relative specifier, transitively
 * (`import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`, `require('./x')`). Specifiers
 * resolve as TypeScript does: the file itself, `.js` standing for `.ts`, an added extension, or a folder's index.
 * Packages (`@playwright/test`) are the runner's and are not followed. A relative import that names no file is an
 * error, since the run would fail on it.
 */
import fs from 'node:fs'
import path from 'node:path'

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\b(?:import|require)\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
]
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json']
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] }

const isFile = (file: string): boolean => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false

/** The relative specifiers a source text imports, in order, without repeats. */
export function relativeSpecifiers(source: string): string[] {
  const found = new Set<string>()
  for (const pattern of SPECIFIERS) for (const match of source.matchAll(pattern)) if (match[1] !== undefined) found.add(match[1])
  return [...found]
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
    for (const specifier of relativeSpecifiers(fs.readFileSync(file, 'utf8'))) {
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
