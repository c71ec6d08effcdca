/**
 * Where the open session lives: on `globalThis`, under `Symbol.for('picket.constructs.session')`.
 *
 * A deliberate exception to "no singletons" (state is passed in): users' check files create constructs with `new ApiCheck(…)`
 * and pass nothing that could carry a collector, so the collector the CLI opened must be reachable from the
 * constructors. It is global rather than module state because several instances of this package may be loaded in
 * one process (the CLI's copy and the one a project's `picket/constructs` import resolves to, or tsx and vitest
 * loading the same file twice); `Symbol.for` is the same key in all of them. Only the CLI (and tests) open a session.
 */
import type { Session } from './session.js'

export const SESSION_KEY: unique symbol = Symbol.for('picket.constructs.session')

type Holder = { [SESSION_KEY]?: Session | undefined }
const holder = globalThis as Holder

/** The open session, or undefined: constructs created then are not collected. */
export const currentSession = (): Session | undefined => holder[SESSION_KEY]

/** Makes `session` the open one (undefined: none); returns the one it replaces. */
export function setCurrentSession(session: Session | undefined): Session | undefined {
  const previous = holder[SESSION_KEY]
  holder[SESSION_KEY] = session
  return previous
}
