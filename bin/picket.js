#!/usr/bin/env node
// The `picket` command: `picket serve` starts the service, the other commands are the operator CLI
// (see src/main/cli.ts; `picket --help` lists them). The commands that run only the CLI's own modules (help, usage
// errors, login, logout, whoami, init, trigger, destroy, deploy, test) run them from a bundle (bin/cli-bundle.js),
// without registering the TypeScript loader, whose start-up alone costs several times Node's; the project loader
// registers it for a project's own files (src/cli/code/typescript-loader.ts). The others (the service, the store)
// load the TypeScript sources with tsx.
import { loadCliBundle } from './cli-bundle.js'

const argv = process.argv.slice(2)
const bundled = await loadCliBundle()
if (bundled !== null && !bundled.needsSourceLoader(argv)) {
  await bundled.main(argv)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  // The project loader registers tsx for a project's files unless this says it is there (typescript-loader.ts).
  globalThis[Symbol.for('picket.typeScriptLoader')] = true
  const { main } = await import('../src/main/cli.ts')
  await main(argv)
}
