/**
 * A Playwright spec file as a browser check, with no wrapper: what the CLI makes of each file `browserChecks.testMatch`
 * finds. Its logical id is the file's path relative to the project root and its name the file name; the config's
 * defaults apply as to any browser check.
 */
import path from 'node:path'
import { BrowserCheck } from './browser-check.js'
import type { Session } from './session.js'

/**
 * The browser check of a spec file, registered in `session`; undefined when a check of the session already runs
 * that file as its entry point (it is monitored already, with that check's settings).
 */
export function browserCheckFromSpec(session: Session, specFile: string): BrowserCheck | undefined {
  const file = path.resolve(session.baseDir, specFile)
  if (session.usesEntrypoint(file)) return undefined
  const logicalId = path.relative(session.baseDir, file).split(path.sep).join('/')
  return session.declareFrom(file, () => new BrowserCheck(logicalId, { name: path.basename(file), code: { entrypoint: file } }))
}
