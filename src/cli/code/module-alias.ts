/**
 * Makes a project's imports of the constructs load this repository's: `picket/constructs`, and for projects written
 * for the hosted service's CLI `checkly` and `checkly/constructs` (the compatibility module, src/constructs/compat).
 * ES module imports go through a resolution hook (alias-hook.mjs); `require()` in CommonJS check files, which that
 * hook does not see on Node 20, through Node's CommonJS resolver, answered with a shim (compat/require-shim.cjs)
 * that hands out the very module the imports get.
 */
import Module, { register } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The constructs' entry file, as the type-checker and the loader see it. */
export const CONSTRUCTS_ENTRY = fileURLToPath(new URL('../../constructs/index.ts', import.meta.url))
/** The entries of 'checkly' and 'checkly/constructs'. */
export const CHECKLY_ENTRY = fileURLToPath(new URL('../../constructs/compat/index.ts', import.meta.url))
export const CHECKLY_CONSTRUCTS_ENTRY = fileURLToPath(new URL('../../constructs/compat/constructs.ts', import.meta.url))
const REQUIRE_SHIM = fileURLToPath(new URL('../../constructs/compat/require-shim.cjs', import.meta.url))
const COMPAT_KEY = Symbol.for('picket.checklyCompat')

/** The module paths the type-checker maps, as `paths` of its compiler options. */
export const ALIAS_PATHS: Record<string, string[]> = {
  'picket/constructs': [CONSTRUCTS_ENTRY],
  checkly: [CHECKLY_ENTRY],
  'checkly/constructs': [CHECKLY_CONSTRUCTS_ENTRY],
}

let registered = false

/** Once per process; tsx (registered by bin/picket.js) then compiles the TypeScript it resolves to. */
export function registerConstructsAlias(): void {
  if (registered) return
  registered = true
  const targets = { 'picket/constructs': CONSTRUCTS_ENTRY, checkly: CHECKLY_ENTRY, 'checkly/constructs': CHECKLY_CONSTRUCTS_ENTRY }
  register(new URL('./alias-hook.mjs', import.meta.url), { data: { targets: Object.fromEntries(Object.entries(targets).map(([k, v]) => [k, pathToFileURL(v).href])) } })
}

type ResolveFilename = (request: string, ...rest: unknown[]) => string
let requireRegistered = false

/** Once per process, before a project written for the hosted service's CLI is loaded: `require('checkly…')`. */
export async function registerChecklyRequire(): Promise<void> {
  if (requireRegistered) return
  requireRegistered = true
  const [constructs, root] = await Promise.all([import(pathToFileURL(CHECKLY_CONSTRUCTS_ENTRY).href), import(pathToFileURL(CHECKLY_ENTRY).href)])
  ;(globalThis as Record<symbol, unknown>)[COMPAT_KEY] = { ...(constructs as object), ...(root as object) }
  // Node's CommonJS resolver is the one place every require() of a name passes; it is wrapped, not replaced.
  const loader = Module as unknown as { _resolveFilename: ResolveFilename }
  const original = loader._resolveFilename
  loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    if (request === 'checkly' || request === 'checkly/constructs') return REQUIRE_SHIM
    return original.call(this, request, ...rest)
  }
}
