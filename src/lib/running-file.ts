/**
 * The file a module's code runs from, read from the call stack. It differs from import.meta.url when the module
 * runs from a bundle (bin/cli-bundle.js writes each source's own URL into import.meta.url, so that files beside the
 * source are found, but its code runs from the bundle's file): code that tells its own stack frames from its
 * callers' must compare with this.
 */
import { fileURLToPath } from 'node:url'

/** The file of the function that calls this one, as its stack frames name it; undefined when the stack does not say. */
export function runningFile(): string | undefined {
  const originalPrepare = Error.prepareStackTrace
  const originalLimit = Error.stackTraceLimit
  let frames: NodeJS.CallSite[] = []
  try {
    Error.stackTraceLimit = 2
    Error.prepareStackTrace = (_error, callSites) => callSites
    const holder: { stack?: unknown } = {}
    Error.captureStackTrace(holder, runningFile)
    if (Array.isArray(holder.stack)) frames = holder.stack as NodeJS.CallSite[]
  } finally {
    Error.prepareStackTrace = originalPrepare
    Error.stackTraceLimit = originalLimit
  }
  const name = frames[0]?.getFileName()
  if (!name) return undefined
  return name.startsWith('file://') ? fileURLToPath(name) : name
}
