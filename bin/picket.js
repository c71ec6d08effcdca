#!/usr/bin/env node
// The `picket` command: `picket serve` starts the service, the other commands are the operator CLI
// (see src/main/cli.ts; `picket --help` lists them). The commands that run only the CLI's own modules (help, usage
// errors, login, logout, whoami, init, trigger, destroy --project) run them from a bundle (bin/cli-bundle.js),
// without registering the TypeScript loader, whose start-up alone costs several times Node's; the others (the
// service, the store, a project's files) load the TypeScript sources with tsx.
import { loadCliBundle } from './cli-bundle.js'

const argv = process.argv.slice(2)
const bundled = await loadCliBundle()
if (bundled !== null && !bundled.needsSourceLoader(argv)) {
  await bundled.main(argv)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  const { main } = await import('../src/main/cli.ts')
  await main(argv)
}
