/**
 * Where browser runs happen on disk. One root per runner (under the system temp folder) holds a `node_modules`
 * that links every package of the service's own runtime (so `require` and `import` of @playwright/test,
 * playwright and the runtime's packages resolve to the very modules the runner uses) plus the helper packages;
 * each run gets a fresh folder below it with the script, its dependencies and the generated Playwright config.
 */
import { chmod, chown, lchown, mkdir, mkdtemp, readdir, rm, symlink, writeFile, copyFile } from 'node:fs/promises'
import path from 'node:path'
import { suitePathProblem } from '../../domain/checks/playwright.js'
import { suiteFileBytes, type SuiteFileEncoding } from '../../domain/checks/suite-file.js'

/** A file of the run: text, or base64 of its bytes (a suite's binary files, domain/checks/suite-file.ts). */
export interface RunFile {
  path: string
  content: string
  encoding?: SuiteFileEncoding
}

/** The path normalized, when it obeys the rules of suite file paths (domain/checks/playwright.ts), else null. */
export function safeRelativePath(p: string): string | null {
  const normalized = path.posix.normalize(p.replace(/^\.\//, ''))
  if (normalized === '' || normalized === '.' || suitePathProblem(normalized) !== null) return null
  return normalized
}

/** The run's TMPDIR, inside its folder. Paths stay short: Chromium's singleton socket path must fit in 108 bytes. */
export const RUN_TMP = 't'

const HELPER_NAMES = ['@picket/playwright-helpers', '@checkly/playwright-helpers']

/**
 * Builds the runner's root: node_modules with links to `nodeModulesDir`'s packages and the helper packages. The
 * links point into `linkTarget`, where the runs see the runtime (run-layout.ts: the box's mount, or the host folder).
 */
export async function createRunsRoot(parent: string, nodeModulesDir: string, helpersFile: string, linkTarget: string = nodeModulesDir): Promise<string> {
  const root = await mkdtemp(path.join(parent, 'pkb-'))
  await chmod(root, 0o755) // runs may execute as another user (nobody), which must reach node_modules
  const modules = path.join(root, 'node_modules')
  await mkdir(modules)
  for (const entry of await readdir(nodeModulesDir)) {
    if (entry.startsWith('.')) continue
    if (entry.startsWith('@')) {
      await mkdir(path.join(modules, entry))
      for (const sub of await readdir(path.join(nodeModulesDir, entry))) await symlink(path.join(linkTarget, entry, sub), path.join(modules, entry, sub))
    } else {
      await symlink(path.join(linkTarget, entry), path.join(modules, entry))
    }
  }
  for (const name of HELPER_NAMES) {
    const dir = path.join(modules, name)
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    await copyFile(helpersFile, path.join(dir, 'index.js'))
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }))
  }
  return root
}

/**
 * A fresh run folder holding `files` (paths already checked), owned by `owner` when given. `modules` is where the
 * installed dependencies go (relative): an empty folder to mount them on, or a link to them (`linkTo`).
 */
export async function createRunDir(root: string, files: RunFile[], owner: { uid: number; gid: number } | null, modules?: { at: string; linkTo: string | null }): Promise<string> {
  const dir = await mkdtemp(path.join(root, 'r-'))
  await mkdir(path.join(dir, RUN_TMP))
  await mkdir(path.join(dir, 'picket-output'))
  for (const f of files) {
    const target = path.join(dir, f.path)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, suiteFileBytes(f))
  }
  if (modules) {
    const at = path.join(dir, modules.at, 'node_modules')
    await rm(at, { recursive: true, force: true })
    await mkdir(path.dirname(at), { recursive: true })
    if (modules.linkTo) await symlink(modules.linkTo, at)
    else await mkdir(at)
  }
  if (owner) await chownTree(dir, owner)
  return dir
}

async function chownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(dir, owner.uid, owner.gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(p, owner)
    else if (entry.isSymbolicLink()) await lchown(p, owner.uid, owner.gid)
    else await chown(p, owner.uid, owner.gid)
  }
}
