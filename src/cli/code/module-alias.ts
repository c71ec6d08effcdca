/**
 * Makes a project's imports of the constructs load this repository's: `picket/constructs`, and for projects written
 * for the hosted service's CLI `checkly` and `checkly/constructs` (the compatibility module, src/constructs/compat).
 * The project's files must get the very module instances the CLI's project loader uses (their constructs register
 * in its session), whether the CLI runs from its TypeScript sources or from its bundle (bin/cli-bundle.js): the
 * loader hands its modules over, they are published under a global key, and every alias resolves to them. ES module
 * imports go through a resolution hook (alias-hook.mjs) that answers with a module re-exporting them; `require()`
 * in CommonJS check files, which that hook does not see on Node 20, through Node's CommonJS resolver, answered with
 * a shim (compat/require-shim.cjs) that hands out the same objects.
 */
import Module, { register } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The constructs' entry file, as the type-checker and the loader see it. */
export const CONSTRUCTS_ENTRY = fileURLToPath(new URL('../../constructs/index.ts', import.meta.url))
/** The entries of 'checkly' and 'checkly/constructs'. */
export const CHECKLY_ENTRY = fileURLToPath(new URL('../../constructs/compat/index.ts', import.meta.url))
export const CHECKLY_CONSTRUCTS_ENTRY = fileURLToPath(new URL('../../constructs/compat/constructs.ts', import.meta.url))
const REQUIRE_SHIM = fileURLToPath(new URL('../../constructs/compat/require-shim.cjs', import.meta.url))
const COMPAT_KEY = Symbol.for('picket.checklyCompat')
/** Where the alias hook's modules find the loader's constructs (the key is repeated in alias-hook.mjs). */
const CONSTRUCTS_KEY = Symbol.for('picket.constructs')

/** The module paths the type-checker maps, as `paths` of its compiler options. */
export const ALIAS_PATHS: Record<string, string[]> = {
  'picket/constructs': [CONSTRUCTS_ENTRY],
  checkly: [CHECKLY_ENTRY],
  'checkly/constructs': [CHECKLY_CONSTRUCTS_ENTRY],
}

/** The construct modules the project loader imported, which the project's imports of the aliases must get. */
export interface ConstructModules {
  picket: Record<string, unknown>
  checkly: Record<string, unknown>
  checklyConstructs: Record<string, unknown>
}

let registered = false

/** Once per process; tsx (registered by bin/picket.js) then compiles the project's own TypeScript. */
export function registerConstructsAlias(modules: ConstructModules): void {
  if (registered) return
  registered = true
  const published: Record<string, Record<string, unknown>> = {
    'picket/constructs': modules.picket,
    checkly: modules.checkly,
    'checkly/constructs': modules.checklyConstructs,
  }
  ;(globalThis as Record<symbol, unknown>)[CONSTRUCTS_KEY] = published
  const exports = Object.fromEntries(Object.entries(published).map(([name, m]) => [name, Object.keys(m)]))
  register(new URL('./alias-hook.mjs', import.meta.url), { data: { exports } })
}

type ResolveFilename = (request: string, ...rest: unknown[]) => string
let requireRegistered = false

/** Once per process, before a project written for the hosted service's CLI is loaded: `require('checkly…')`. */
export function registerChecklyRequire(modules: ConstructModules): void {
  if (requireRegistered) return
  requireRegistered = true
  ;(globalThis as Record<symbol, unknown>)[COMPAT_KEY] = { ...modules.checklyConstructs, ...modules.checkly }
  // Node's CommonJS resolver is the one place every require() of a name passes; it is wrapped, not replaced.
  const loader = Module as unknown as { _resolveFilename: ResolveFilename }
  const original = loader._resolveFilename
  loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    if (request === 'checkly' || request === 'checkly/constructs') return REQUIRE_SHIM
    return original.call(this, request, ...rest)
  }
}
