/**
 * The box users' code runs in (runners/sandbox/box.ts), as the operator chose with SANDBOX: probed once at start,
 * so that a machine where bubblewrap cannot run says so in the log at once (and every such run fails saying why)
 * instead of running users' code unboxed. SANDBOX=off is the only way to run it without a box.
 */
import { createRunBox, probeRunBox, type RunBox } from '../runners/sandbox/box-host.js'
import { defaultRunAs } from '../runners/sandbox/index.js'

export interface BoxLog {
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export async function startRunBox(mode: 'bwrap' | 'off', log: BoxLog): Promise<RunBox | null> {
  if (mode === 'off') {
    log.warn({ sandbox: 'off' }, "SANDBOX=off: users' scripts run without a box; every user of this installation can read what this process can")
    return null
  }
  const box = createRunBox()
  const problem = await probeRunBox(box, defaultRunAs())
  if (problem) log.error({ sandbox: problem }, 'browser, multi-step, suite, agentic, setup and teardown runs will fail until the sandbox works')
  return problem ? { unavailable: problem, wrap: box.wrap } : box
}
