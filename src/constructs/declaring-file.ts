/**
 * The file that declared a construct: the first frame of the call stack outside this package (the user's check
 * file, or a helper module of theirs that creates constructs). Entry points are read relative to it and a duplicate
 * logical id names it. Undefined when the stack does not say (then the session's loading file is used).
 */
import { dirname, isAbsolute, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { callSites, runningFile } from '../lib/running-file.js'

/** Where this package's code runs from: its own folder, or the CLI bundle's when it runs bundled. */
const PACKAGE_DIR = dirname(runningFile() ?? fileURLToPath(import.meta.url)) + sep

const toPath = (name: string): string | undefined => {
  if (name.startsWith('file://')) return fileURLToPath(name)
  return isAbsolute(name) ? name : undefined
}

export function declaringFile(): string | undefined {
  for (const site of callSites(declaringFile, 50)) {
    const name = site.getFileName()
    if (!name || name.startsWith('node:')) continue
    const path = toPath(name)
    if (path !== undefined && !path.startsWith(PACKAGE_DIR)) return path
  }
  return undefined
}
