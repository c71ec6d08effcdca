#!/usr/bin/env node
// `picket serve` starts the service; any other command goes to the operator CLI.
import { register } from 'tsx/esm/api'

register()
const [command] = process.argv.slice(2)
if (command === 'serve') {
  await import('../src/main/server.ts')
} else {
  const { runCli } = await import('../src/main/cli.ts')
  const code = await runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
  process.exit(code)
}
