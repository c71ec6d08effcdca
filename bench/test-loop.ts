/**
 * The test loop: the same test files run by vitest as the suite ran them before (every file in a fresh process,
 * one file at a time) and as it runs them now (files share their worker's modules, one worker per core), in one
 * run; and what building an app costs with its own compiled schemas against schemas shared in the process.
 *
 *   npx tsx bench/test-loop.ts [--dirs test/api,test/unit] [--apps 8]
 * Runs on SQLite only (TEST_DATABASE_URL is dropped), so that the database server's load is not measured.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { buildApp } from '../src/api/build-app.js'
import { createCompiledSchemas, type CompiledSchemas } from '../src/api/compiled-schemas.js'
import { buildServices } from '../src/services/index.js'
import { systemClock } from '../src/lib/clock.js'
import { stripAnsi } from '../src/lib/ansi.js'
import { testDbs } from '../test/helpers/db.js'
import { machine, round } from './lib.js'

const { values: args } = parseArgs({ options: { dirs: { type: 'string', default: 'test/api,test/unit' }, apps: { type: 'string', default: '8' } } })
const dirs = args.dirs.split(',')

interface Timed {
  wallS: number
  cpuS: number
  files: number
  ok: boolean
}

/** One vitest run under /usr/bin/time: wall and CPU of vitest and everything it started. */
function vitest(extra: string[]): Promise<Timed> {
  const env = { ...process.env }
  delete env.TEST_DATABASE_URL
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S', 'npx', 'vitest', 'run', ...dirs, ...extra], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    child.on('close', (code) => {
      const t = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out)
      const files = Number(/Test Files\s+(\d+) passed/.exec(stripAnsi(out))?.[1] ?? 0)
      resolve({ wallS: Number(t?.[1] ?? NaN), cpuS: Number(t?.[2] ?? NaN) + Number(t?.[3] ?? NaN), files, ok: code === 0 })
    })
  })
}

/** Milliseconds to build each of `n` apps (the first pays for the imports and is left out). */
async function appBuilds(n: number, shared: CompiledSchemas | null): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i <= n; i++) {
    const store = await (testDbs[0] as (typeof testDbs)[number]).open()
    const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://bench.test' })
    const t0 = performance.now()
    const app = await buildApp({ services, publicBaseUrl: 'http://bench.test', rateLimit: { max: 1000, windowMs: 60_000 }, ...(shared ? { compiledSchemas: shared } : {}) })
    if (i > 0) times.push(performance.now() - t0)
    await app.close()
    await store.close()
  }
  return times
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

async function main(): Promise<void> {
  console.log(`# The test loop\n\n${machine()}; files: ${dirs.join(', ')} (SQLite)\n`)
  const own = median(await appBuilds(Number(args.apps), null))
  const shared = median(await appBuilds(Number(args.apps), createCompiledSchemas()))
  console.log(`- building an app: ${round(own)} ms with its own compiled schemas, ${round(shared)} ms sharing them (${round(own / shared, 1)}x)`)
  const before = await vitest(['--isolate', '--maxWorkers=1', '--minWorkers=1'])
  const after = await vitest([])
  console.log('\n| how vitest runs the files | files | wall s | CPU s |\n|---|---|---|---|')
  console.log(`| before: a fresh process per file, one at a time | ${before.files} | ${round(before.wallS)} | ${round(before.cpuS)} |`)
  console.log(`| now: shared modules per worker, ${Math.max(2, os.availableParallelism())} workers | ${after.files} | ${round(after.wallS)} | ${round(after.cpuS)} |`)
  console.log(
    `\n- wall ${round(before.wallS / after.wallS, 2)}x faster, CPU ${round(before.cpuS / after.cpuS, 2)}x less${before.ok && after.ok ? '' : ' (a run failed: see above)'}; load at the end ${os
      .loadavg()
      .map((l) => round(l, 1))
      .join('/')}`,
  )
}

await main()
