/** Makes `import … from 'picket/constructs'` in a project's files load this repository's constructs (alias-hook.mjs). */
import { register } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The constructs' entry file, as the type-checker and the loader see it. */
export const CONSTRUCTS_ENTRY = fileURLToPath(new URL('../../constructs/index.ts', import.meta.url))

let registered = false

/** Once per process; tsx (registered by bin/picket.js) then compiles the TypeScript it resolves to. */
export function registerConstructsAlias(): void {
  if (registered) return
  registered = true
  register(new URL('./alias-hook.mjs', import.meta.url), { data: { target: pathToFileURL(CONSTRUCTS_ENTRY).href } })
}
