#!/usr/bin/env node
// The `picket` command: `picket serve` starts the service, the other commands are the operator CLI
// (see src/main/cli.ts; `picket --help` lists them).
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main/cli.ts')
await main(process.argv.slice(2))
