#!/usr/bin/env node
// The private-location agent: the same as `picket agent` (see src/main/agent.ts; `picket-agent --help` lists its
// settings).
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main/agent.ts')
await main(process.argv.slice(2))
