/**
 * How long each `picket` command takes from start to exit, as a person at a terminal sees it: the median of
 * `--runs` real processes of bin/picket.js per command, against a real server (started here, on SQLite) and a
 * 10-check project written here, beside the baseline measured in the same run: `node -e 0`, the start of a bare
 * Node process, so that the figures read as multiples of it on any machine.
 *
 * Cold: the caches a command uses are removed before each run (the CLI's bundle, node_modules/.cache/picket/cli;
 * for deploy and test also the type-check cache); warm: they are as the previous run left them. `test` includes
 * its checks' runs on the service (against a local target). Usage: npx tsx bench/cli-commands.ts [--runs 10]
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServer, stopStrayProcesses } from '../test/helpers/process.js'
import { CONFIG } from '../test/helpers/shop-project.js'
import { machine, percentile, round, startTarget } from './lib.js'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const RUNS = Number(values.runs)
const ROOT = path.resolve(import.meta.dirname, '..')
const BIN = path.join(ROOT, 'bin/picket.js')
const BUNDLE_CACHE = path.join(ROOT, 'node_modules/.cache/picket/cli')
const ACCOUNT = '7a1c2d3e-4a5b-4c6d-8e7f-0011223344be'
const KEY = 'bench-cli-commands-key-0123456789abcdef'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-bench-cli-'))
const project = path.join(work, 'project')
const cacheDir = path.join(work, 'cache')
const target = await startTarget()
fs.mkdirSync(path.join(project, 'checks'), { recursive: true })
fs.writeFileSync(path.join(project, 'picket.config.ts'), CONFIG)
for (let i = 1; i <= 10; i++) {
  const check = `import { ApiCheck } from 'picket/constructs'
new ApiCheck('api-${i}', {
  name: 'API ${i}',
  request: { url: '${target.url}/ok', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
})
`
  fs.writeFileSync(path.join(project, 'checks', `api-${i}.check.ts`), check)
}
const server = await startServer({ DATA_DIR: path.join(work, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY })
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PICKET_CONFIG_DIR: path.join(work, 'config'), PICKET_CACHE_DIR: cacheDir }
const loginEnv = { ...env, PICKET_API_URL: server.baseUrl, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY }

/** Milliseconds from spawn to exit; the exit code must be one the command gives on this input. */
function time(args: string[], childEnv: Record<string, string>, codes: number[]): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: project, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (codes.includes(code ?? -1) ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`)))),
  )
}

interface Command {
  name: string
  args: string[]
  env: Record<string, string>
  codes: number[]
  /** What a cold run removes first. */
  caches: string[]
}

const picket = (line: string, codes: number[], caches: string[], childEnv: Record<string, string> = loginEnv): Command => ({
  name: `picket ${line}`,
  args: [BIN, ...line.split(' ')],
  env: childEnv,
  codes,
  caches,
})
const light = [BUNDLE_CACHE]
const project10 = [BUNDLE_CACHE, cacheDir]
const COMMANDS: Command[] = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'], env, codes: [0], caches: [] },
  picket('--help', [0], light),
  picket(`login --url ${server.baseUrl} --account ${ACCOUNT} --key ${KEY}`, [0], light, env),
  picket('whoami', [0], light, env),
  picket('trigger --tags nosuch', [1], light),
  picket('destroy --project shop', [1], light),
  picket('deploy --previwe', [2], light),
  picket('logout', [0], light, env),
  picket('deploy --preview', [0], project10),
  picket('test', [0], project10),
]

const median = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    50,
  )
const rows: Array<{ command: string; coldMs: number; warmMs: number }> = []
try {
  for (const c of COMMANDS) {
    const cold: number[] = []
    const warm: number[] = []
    for (let i = 0; i < RUNS; i++) {
      for (const cache of c.caches) fs.rmSync(cache, { recursive: true, force: true })
      cold.push(await time(c.args, c.env, c.codes))
      warm.push(await time(c.args, c.env, c.codes))
    }
    rows.push({ command: c.name, coldMs: round(median(cold), 0), warmMs: round(median(warm), 0) })
    process.stderr.write(`  ${c.name}: cold ${round(median(cold), 0)} ms, warm ${round(median(warm), 0)} ms\n`)
  }
} finally {
  await server.stop()
  target.child.kill()
  stopStrayProcesses()
  fs.rmSync(work, { recursive: true, force: true })
}

const base = rows[0]?.warmMs ?? NaN
console.log(`CLI commands, median of ${RUNS} runs each (${machine()})`)
console.log('| command | cold ms | warm ms | warm ÷ node -e 0 |')
console.log('|---|---|---|---|')
for (const r of rows)
  console.log(`| ${r.command.replace(/--url \S+ --account \S+ --key \S+/, '--url … --account … --key …')} | ${r.coldMs} | ${r.warmMs} | ${round(r.warmMs / base, 1)}x |`)
