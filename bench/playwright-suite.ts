/**
 * Real Playwright projects through Picket's browser runner (boxed, as in production) against the same projects run
 * directly with the repository's Playwright CLI, side by side in one run:
 * 1. the TodoMVC suite (25 tests and its setup project, the Chromium project): Picket with its dependencies cached
 *    against `playwright test --project=chromium --trace on` with as many workers as Picket gives it;
 * 2. the forced trace apart: the direct run with `--trace off`;
 * 3. dependencies: the first install (a new runner with an empty dependency cache each time) against the cached
 *    run, on one TodoMVC test (the install does not depend on what runs after it), and a one-test project as it is
 *    against the same project with dotenv installed and cached.
 * Variants run in rotating order, one run each a round, after an unmeasured warm-up round (which also fills the
 * dependency caches), so that load from other work on the machine falls on every variant alike.
 *
 *   npx tsx bench/playwright-suite.ts [--rounds 3] [--small-rounds 5] [--parts suite,small,breakdown] [--max-workers 2]
 * `breakdown` (not run by default) puts the same suite through Picket's config and preload alone, and Picket unboxed.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createBrowserRunner, type BrowserRunner } from '../src/runners/browser/runner.js'
import type { BrowserRunnerOptions } from '../src/runners/browser/runner-options.js'
import { startTodoApp, type TodoApp } from '../test/helpers/targets/todo-app.js'
import { machine, percentile, round } from './lib.js'
import { CHROMIUM, cjsProject, cjsProjectWithDotenv, directProject, runPicket, startRegistry, todoProject, type Timed } from './playwright-projects.js'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'small-rounds': { type: 'string', default: '5' },
    parts: { type: 'string', default: 'suite,small' },
    'max-workers': { type: 'string', default: '2' },
  },
})
const parts = new Set(args.parts.split(','))
const maxWorkers = Number(args['max-workers'])
// What Picket's config wrapper gives a project that sets no workers: half the cores, at most the runner's cap.
const workers = Math.min(maxWorkers, Math.max(1, Math.floor(os.availableParallelism() / 2)))

interface Variant {
  name: string
  /** Whether the warm-up round runs it (a fresh install gains nothing from one). */
  warm: boolean
  run(): Promise<Timed>
}

interface Row {
  name: string
  times: number[]
  phases: Record<string, number[]>
}

const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  )
const loads: number[] = []
/** One TodoMVC test (with the setup project it depends on): a run whose time is mostly what surrounds the tests. */
const ONE_TEST = 'should allow me to add todo items'

async function rotate(label: string, variants: Variant[], rounds: number): Promise<Row[]> {
  const rows = variants.map((v): Row => ({ name: v.name, times: [], phases: {} }))
  for (let r = -1; r < rounds; r++) {
    const start = Math.max(0, r)
    for (let i = 0; i < variants.length; i++) {
      const index = (i + start) % variants.length
      const v = variants[index] as Variant
      const row = rows[index] as Row
      if (r < 0 && !v.warm) continue
      const t = await v.run()
      process.stderr.write(`  ${label} ${r < 0 ? 'warm-up' : `round ${r + 1}/${rounds}`}: ${v.name} ${round(t.ms / 1000, 2)} s\n`)
      if (r < 0) continue
      row.times.push(t.ms)
      for (const [k, x] of Object.entries(t.phases)) (row.phases[k] ??= []).push(x)
    }
    loads.push(os.loadavg()[0] ?? NaN)
  }
  return rows
}

function printRows(rows: Row[]): void {
  console.log("| variant | runs | median s | min s | max s | Playwright's own duration s (median) | sum of test durations s (median) |")
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows) {
    const s = (xs: number[] | undefined): string => (xs && xs.length > 0 ? String(round(median(xs) / 1000, 2)) : '—')
    console.log(
      `| ${r.name} | ${r.times.length} | ${s(r.times)} | ${round(Math.min(...r.times) / 1000, 2)} | ${round(Math.max(...r.times) / 1000, 2)} | ${s(r.phases.playwright)} | ${s(r.phases.tests)} |`,
    )
  }
}

function printPhases(row: Row): void {
  const parts = Object.entries(row.phases).map(([k, xs]) => `${k} ${round(median(xs) / 1000, 2)} s`)
  console.log(`- ${row.name}, medians by phase: ${parts.join(', ')}`)
}

const med = (row: Row | undefined): number => median(row?.times ?? [])
const ratio = (a: Row | undefined, b: Row | undefined): number => round(med(a) / med(b), 2)
const diff = (a: Row | undefined, b: Row | undefined): number => round((med(a) - med(b)) / 1000, 2)
/** a / b of each round (the two ran minutes apart at most, under the same load), and their median. */
function paired(a: Row | undefined, b: Row | undefined): string {
  const each = (a?.times ?? []).map((x, i) => x / (b?.times[i] ?? NaN))
  return `round by round ${each.map((x) => round(x, 2)).join(', ')}; median ${round(median(each), 2)}x`
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'pbs-'))
  await chmod(work, 0o755) // the runner's runs (and npm) execute as nobody when this runs as root
  // The TodoMVC config's webServer names 127.0.0.1:3000 with reuseExistingServer: the app served there is reused.
  let app: TodoApp
  let onProjectPort = true
  try {
    app = await startTodoApp(3000)
  } catch {
    onProjectPort = false
    app = await startTodoApp()
    process.stderr.write(`port 3000 is taken: the app is on ${app.url} and the direct runs' bench config drops webServer\n`)
  }
  const registry = await startRegistry()
  const base: BrowserRunnerOptions = { chromiumPath: CHROMIUM, workDir: work, concurrency: 1, timeoutMs: 240_000, maxWorkers }
  const runners: BrowserRunner[] = []
  const cached = createBrowserRunner(base)
  runners.push(cached)
  const variables = { TODO_URL: app.url }
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TODO_URL: app.url, FORCE_COLOR: '0' }
  delete env.CI // the TodoMVC config asks for retries and one worker under CI; Picket's runs do not set it
  console.log(`# Playwright suites: Picket against the Playwright CLI\n\n${machine()}; \`nproc\` ${os.availableParallelism()}; workers ${workers} (max ${maxWorkers})\n`)
  const todo = await todoProject(registry)
  const todoDirect = directProject(work, todo, 'playwright.config.ts', !onProjectPort)
  const suiteArgs = (trace: 'on' | 'off'): string[] => ['--project=chromium', '--trace', trace, `--workers=${workers}`]
  const directTodo = (trace: 'on' | 'off'): Variant => ({
    name: `direct: playwright test --project=chromium --trace ${trace}`,
    warm: true,
    run: () => todoDirect.run('bench', suiteArgs(trace), env, 26),
  })
  const picketTodo: Variant = { name: 'Picket PLAYWRIGHT check, dependencies cached', warm: true, run: () => runPicket(cached, todo, variables, 26) }
  /** A run of a new runner with an empty dependency cache: npm ci in its box before the run. */
  const firstInstall = async (files: typeof todo, expected: number, testCommand: string): Promise<Timed> => {
    const cacheDir = await mkdtemp(path.join(work, 'cache-'))
    await chmod(cacheDir, 0o755)
    const runner = createBrowserRunner({ ...base, dependencyCacheDir: cacheDir })
    try {
      return await runPicket(runner, files, variables, expected, testCommand)
    } finally {
      await runner.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  }
  try {
    if (parts.has('suite')) {
      const rows = await rotate('suite', [directTodo('on'), picketTodo, directTodo('off')], Number(args.rounds))
      const [on, picket, off] = rows
      console.log('\n## TodoMVC suite (26 tests: 25 and the setup project)\n')
      printRows(rows)
      console.log(`\n- Picket (cached) / direct, trace on: **${ratio(picket, on)}x** (${diff(picket, on)} s more); ${paired(picket, on)}`)
      console.log(`- direct, trace on / trace off: ${ratio(on, off)}x (${diff(on, off)} s for the trace); ${paired(on, off)}`)
      if (picket) printPhases(picket)
    }
    if (parts.has('small')) {
      const plain = cjsProject()
      const withDotenv = await cjsProjectWithDotenv(registry)
      const cjsDirect = directProject(work, plain, 'playwright.config.js', false)
      const one = `npx playwright test --grep "${ONE_TEST}"`
      const rows = await rotate(
        'small',
        [
          { name: 'Picket, TodoMVC one test, first install (empty cache)', warm: false, run: () => firstInstall(todo, 2, one) },
          { name: 'Picket, TodoMVC one test, dependencies cached', warm: true, run: () => runPicket(cached, todo, variables, 2, one) },
          { name: 'direct: TodoMVC one test, --project=chromium --trace on', warm: true, run: () => todoDirect.run('bench', [...suiteArgs('on'), '--grep', ONE_TEST], env, 2) },
          { name: 'Picket, cjs-js as is (nothing to install)', warm: true, run: () => runPicket(cached, plain, variables, 1) },
          { name: 'Picket, cjs-js + dotenv, dependencies cached', warm: true, run: () => runPicket(cached, withDotenv, variables, 1) },
          { name: 'direct: cjs-js, playwright test --trace on', warm: true, run: () => cjsDirect.run('bench', ['--trace', 'on', `--workers=${workers}`], env, 1) },
        ],
        Number(args['small-rounds']),
      )
      const [fresh, todoCached, todoOne, asIs, dotenv, directSmall] = rows
      console.log(`\n## Dependencies, and a one-test project\n\nTodoMVC one test: \`${one}\` (the test and the setup project).\n`)
      printRows(rows)
      console.log(`\n- first install / cached (TodoMVC, one test): ${ratio(fresh, todoCached)}x (${diff(fresh, todoCached)} s for npm ci in its box); ${paired(fresh, todoCached)}`)
      console.log(`- Picket (cached) / direct, TodoMVC one test: ${ratio(todoCached, todoOne)}x (${diff(todoCached, todoOne)} s more); ${paired(todoCached, todoOne)}`)
      console.log(`- cached dependencies add ${diff(dotenv, asIs)} s (${ratio(dotenv, asIs)}x) over the same suite without dependencies (cjs-js); ${paired(dotenv, asIs)}`)
      console.log(`- Picket (cjs-js as is) / direct: ${ratio(asIs, directSmall)}x (${diff(asIs, directSmall)} s more); ${paired(asIs, directSmall)}`)
      for (const r of [fresh, todoCached, asIs, dotenv]) if (r) printPhases(r)
    }
    if (parts.has('breakdown')) {
      const unboxed = createBrowserRunner({ ...base, box: null })
      runners.push(unboxed)
      const rows = await rotate(
        'breakdown',
        [
          directTodo('on'),
          { name: "direct with Picket's config wrapper and preload (no box, no runner)", warm: true, run: () => todoDirect.run('picket', [], env, 26) },
          { name: 'Picket, unboxed (box: null), dependencies cached', warm: true, run: () => runPicket(unboxed, todo, variables, 26) },
          picketTodo,
        ],
        Number(args.rounds),
      )
      console.log('\n## Where the time goes (TodoMVC suite)\n')
      printRows(rows)
      const [d, wrapped, open, boxed] = rows
      console.log(`\n- Picket's config and preload: ${diff(wrapped, d)} s (${paired(wrapped, d)})`)
      console.log(`- the runner around it, unboxed: ${diff(open, wrapped)} s (${paired(open, wrapped)})`)
      console.log(`- the box: ${diff(boxed, open)} s (${paired(boxed, open)})`)
      for (const r of [open, boxed]) if (r) printPhases(r)
    }
    console.log(
      `\nLoad average (1 min) after each round: ${loads.map((l) => round(l, 1)).join(', ')}; at the end ${os
        .loadavg()
        .map((l) => round(l, 1))
        .join('/')}`,
    )
  } finally {
    for (const r of runners) await r.close()
    await registry.close()
    await app.close()
    await rm(work, { recursive: true, force: true })
  }
}

await main()
