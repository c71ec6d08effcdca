/**
 * The TypeScript loader (tsx) for a project's own files, registered once per process and as late as possible: every
 * module imported after it goes through its hooks (a round trip to the loader thread each), so Picket's own modules
 * and packages, loaded before, do not pay for it. Whether it is registered is a fact of the process, which
 * bin/picket.js also records when it runs Picket's sources through tsx.
 */
const REGISTERED = Symbol.for('picket.typeScriptLoader')

export async function ensureTypeScriptLoader(): Promise<void> {
  const flags = globalThis as Record<symbol, unknown>
  if (flags[REGISTERED] === true) return
  flags[REGISTERED] = true
  const { register } = await import('tsx/esm/api')
  register()
}
