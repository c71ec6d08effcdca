/**
 * The file a module's code runs from, read from the call stack. It differs from import.meta.url when the module
 * runs from a bundle (bin/cli-bundle.js writes each source's own URL into import.meta.url, so that files beside the
 * source are found, but its code runs from the bundle's file): code that tells its own stack frames from its
 * callers' must compare with this.
 */
import { fileURLToPath } from 'node:url'

/** The call sites above `below` (a function on the stack), at most `limit`, as V8 reports them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any function on the stack marks where to start
export function callSites(below: Function, limit: number): NodeJS.CallSite[] {
  const originalPrepare = Error.prepareStackTrace
  const originalLimit = Error.stackTraceLimit
  try {
    Error.stackTraceLimit = limit
    Error.prepareStackTrace = (_error, sites) => sites
    const holder: { stack?: unknown } = {}
    Error.captureStackTrace(holder, below)
    return Array.isArray(holder.stack) ? (holder.stack as NodeJS.CallSite[]) : []
  } finally {
    Error.prepareStackTrace = originalPrepare
    Error.stackTraceLimit = originalLimit
  }
}

/** A call site's file as a path (V8 names ES modules by file URL). */
export function siteFile(site: NodeJS.CallSite | undefined): string | undefined {
  const name = site?.getFileName()
  if (!name) return undefined
  return name.startsWith('file://') ? fileURLToPath(name) : name
}

/** The file of the function that calls this one, as its stack frames name it; undefined when the stack does not say. */
export function runningFile(): string | undefined {
  return siteFile(callSites(runningFile, 1)[0])
}
