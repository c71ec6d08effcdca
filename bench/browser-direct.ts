/**
 * Part 1 of bench/browser.ts: one browser run's wall time through Picket's browser runner against the same script
 * run directly with the Playwright Test CLI, in the same process and the same run. Variants run in rotating order
 * (a round of one run each, the first variant moving on every round) after one unmeasured warm-up round.
 */
import { spawn } from 'node:child_process'
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { CheckRunSpec } from '../src/runners/contract.js'
import { createBrowserRunner } from '../src/runners/browser/runner.js'
import { runDoc } from '../test/helpers/run-spec.js'
import { percentile, round } from './lib.js'

export const CHROMIUM = '/usr/bin/chromium'
const NODE_MODULES = path.resolve(import.meta.dirname, '..', 'node_modules')

/** The realistic script: load the shop, see the heading, add one to the cart in a step, see the cart. */
export const SCRIPT = `const { test, expect } = require('@playwright/test')
test('buy a pager', async ({ page }) => {
  await page.goto(process.env.SHOP_URL)
  await expect(page.getByRole('heading')).toHaveText('Welcome to the shop')
  await test.step('add to cart', async () => {
    await page.click('#add')
    await expect(page.locator('#cart')).toHaveText('Cart: 1')
  })
})
`

/** A minimal config of the kind a user would write; `traced` adds the runner's trace 'on' and screenshot on failure. */
function directConfig(traced: boolean): string {
  const use = {
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
    ...(traced ? { trace: 'on', screenshot: 'only-on-failure' } : {}),
  }
  return `module.exports = ${JSON.stringify({ testDir: '.', workers: 1, reporter: [['json', { outputFile: 'report.json' }]], use })}\n`
}

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}: ${stderr}`))))
  })
}

interface Variant {
  name: string
  /** One run; returns its wall time in ms (and, for the runner, the phases). */
  run(): Promise<{ ms: number; phases?: Record<string, number> }>
}

function directVariant(name: string, work: string, shopUrl: string, how: 'cli' | 'npx', traced: boolean): Variant {
  return {
    name,
    async run() {
      const dir = await mkdtemp(path.join(work, 'd-'))
      await symlink(NODE_MODULES, path.join(dir, 'node_modules'))
      await writeFile(path.join(dir, 'package.json'), '{"name":"direct","private":true}\n')
      await writeFile(path.join(dir, 'playwright.config.js'), directConfig(traced))
      await writeFile(path.join(dir, 'check.spec.js'), SCRIPT)
      const env = { ...process.env, SHOP_URL: shopUrl, FORCE_COLOR: '0' }
      const ms = how === 'cli' ? await timed(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], dir, env) : await timed('npx', ['playwright', 'test'], dir, env)
      await rm(dir, { recursive: true, force: true })
      return { ms }
    },
  }
}

export interface Part1Row {
  variant: string
  runs: number
  medianMs: number
  p90Ms: number
  meanMs: number
  minMs: number
}
export interface Part1 {
  rows: Part1Row[]
  runnerPhases: Record<string, number>
  ratios: Record<string, number>
}

export async function measureDirectVsRunner(shopUrl: string, runs: number): Promise<Part1> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'pbb-'))
  await chmod(work, 0o755) // the runner's runs execute as nobody when this runs as root
  const runner = createBrowserRunner({ chromiumPath: CHROMIUM, workDir: work, concurrency: 1, timeoutMs: 60_000 })
  const spec: CheckRunSpec = {
    checkId: 'bench',
    checkName: 'Shop',
    checkType: 'BROWSER',
    doc: runDoc('BROWSER', { runtimeId: '2026.04', script: SCRIPT }),
    variables: { SHOP_URL: shopUrl },
    scripts: { setup: [], teardown: [] },
  }
  const runnerVariant: Variant = {
    name: 'Picket browser runner (run + release)',
    async run() {
      const t0 = Date.now()
      const r = await runner.run(spec, { location: 'bench', now: () => Date.now() })
      const t1 = Date.now()
      await r.release?.()
      const t2 = Date.now()
      if (r.status !== 'passing') throw new Error(`runner run not passing: ${String(r.errorMessage)}\n${r.jobLog.join('\n')}`)
      // startedAt/stoppedAt bracket the Playwright process (spawn to exit, incl. the stray sweep after it).
      return {
        ms: t2 - t0,
        phases: { before: r.startedAt - t0, process: r.stoppedAt - r.startedAt, after: t1 - r.stoppedAt, release: t2 - t1, playwrightReported: r.responseTime },
      }
    },
  }
  const variants: Variant[] = [
    directVariant('direct: node @playwright/test/cli.js test', work, shopUrl, 'cli', false),
    directVariant('direct: npx playwright test', work, shopUrl, 'npx', false),
    directVariant("direct: cli.js test + trace 'on', screenshot on failure", work, shopUrl, 'cli', true),
    runnerVariant,
  ]
  const times = new Map<string, number[]>(variants.map((v) => [v.name, []]))
  const phaseSums: Record<string, number> = {}
  try {
    for (let round = -1; round < runs; round++) {
      const order = variants.map((_, i) => variants[(i + Math.max(0, round)) % variants.length] as Variant)
      for (const v of order) {
        const { ms, phases } = await v.run()
        if (round < 0) continue // warm-up: the runner's root folder, the page cache
        times.get(v.name)?.push(ms)
        for (const [k, x] of Object.entries(phases ?? {})) phaseSums[k] = (phaseSums[k] ?? 0) + x
      }
      if (round >= 0) process.stderr.write(`  part 1: round ${round + 1}/${runs}\n`)
    }
  } finally {
    await runner.close()
    await rm(work, { recursive: true, force: true })
  }
  const rows = variants.map((v) => {
    const xs = [...(times.get(v.name) ?? [])].sort((a, b) => a - b)
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length
    return { variant: v.name, runs: xs.length, medianMs: round(percentile(xs, 50), 0), p90Ms: round(percentile(xs, 90), 0), meanMs: round(mean, 0), minMs: round(xs[0] ?? NaN, 0) }
  })
  const runnerPhases = Object.fromEntries(Object.entries(phaseSums).map(([k, v]) => [k, round(v / runs, 0)]))
  const runnerRow = rows[3] as Part1Row
  const ratios: Record<string, number> = {}
  for (const r of rows.slice(0, 3)) {
    ratios[`runner / ${r.variant} (median)`] = round(runnerRow.medianMs / r.medianMs, 2)
    ratios[`runner / ${r.variant} (mean)`] = round(runnerRow.meanMs / r.meanMs, 2)
  }
  return { rows, runnerPhases, ratios }
}
