/**
 * The files npm installs a project's dependencies from: package.json, the lockfile and .npmrc. A check that runs a
 * project's code carries them, so that the runner installs what the code imports from npm (dotenv, faker, …) the
 * way the team installs it: `npm ci` from the lockfile, from the registry .npmrc names. .npmrc goes with the check
 * as it is, so it should hold no token of its own.
 */
import fs from 'node:fs'
import path from 'node:path'

/** In the order npm reads them; the shrinkwrap file is the lockfile of a published package. */
export const PACKAGE_FILES = ['package.json', 'package-lock.json', 'npm-shrinkwrap.json', '.npmrc'] as const

const isFile = (file: string): boolean => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false

/** The npm files a folder holds, as absolute paths (none without a package.json: a lone .npmrc installs nothing). */
export function packageFilesIn(folder: string): string[] {
  if (!isFile(path.join(folder, 'package.json'))) return []
  return PACKAGE_FILES.map((name) => path.join(folder, name)).filter(isFile)
}

const isInside = (folder: string, root: string): boolean => {
  const relative = path.relative(root, folder)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/**
 * The folder of the package a file belongs to: the nearest one from the file's folder up to `root` (the project
 * root, included) that holds a package.json. Never above `root`, whose parents are not the project's: a
 * package.json there belongs to something else (a monorepo's root, a home folder). Undefined when there is none,
 * or when the file is not under `root`.
 */
export function packageFolderOf(file: string, root: string): string | undefined {
  const top = path.resolve(root)
  for (let folder = path.dirname(path.resolve(file)); isInside(folder, top); folder = path.dirname(folder)) {
    if (isFile(path.join(folder, 'package.json'))) return folder
    if (folder === top) break
  }
  return undefined
}
