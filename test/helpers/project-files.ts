/** A Playwright project of test/fixtures/playwright-projects as a check's files: every file, as its authors wrote it. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const PROJECTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'playwright-projects')

export interface ProjectFile {
  path: string
  content: string
}

function walk(dir: string, base: string): ProjectFile[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = path.join(dir, entry)
      const rel = base === '' ? entry : `${base}/${entry}`
      return statSync(full).isDirectory() ? walk(full, rel) : [{ path: rel, content: readFileSync(full, 'utf8') }]
    })
}

/** The files of project `name`, with `extra` added or replacing files of the same path. */
export function projectFiles(name: string, extra: ProjectFile[] = []): ProjectFile[] {
  const files = walk(path.join(PROJECTS_DIR, name), '').filter((f) => !extra.some((e) => e.path === f.path))
  return [...files, ...extra]
}
