/**
 * The material of bench/playwright-suite.ts: the test projects of test/fixtures/playwright-projects as a team hands
 * them over (an .npmrc pointing at a registry on loopback that serves their dependencies, and the lockfile npm
 * writes against it), run two ways. Through Picket: as a PLAYWRIGHT check of the browser runner. Directly: in a
 * folder of their own files with the node_modules `npm ci` would leave (dotenv, and links to the repository's
 * Playwright packages), by the repository's Playwright CLI.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CheckRunSpec } from '../src/runners/contract.js'
import { CHROMIUM_ARGS, type BrowserRunner } from '../src/runners/browser/runner.js'
import { readReport } from '../src/runners/browser/report.js'
import { configFile } from '../src/runners/browser/playwright-config.js'
import { lockfileFor, startNpmRegistry, type NpmRegistry } from '../test/helpers/npm-registry.js'
import { projectFiles, type ProjectFile } from '../test/helpers/project-files.js'
import { runDoc } from '../test/helpers/run-spec.js'

export const CHROMIUM = '/usr/bin/chromium'
const MODULES = path.resolve(import.meta.dirname, '..', 'node_modules')
const RUNNER = path.resolve(import.meta.dirname, '..', 'src', 'runners', 'browser')
const SERVED = ['dotenv', '@playwright/test', 'playwright', 'playwright-core']

export function startRegistry(): Promise<NpmRegistry> {
  return startNpmRegistry(SERVED.map((name) => path.join(MODULES, name)))
}

/** `files` with the registry's .npmrc and the lockfile of their package.json against it. */
async function withLockfile(files: ProjectFile[], registry: NpmRegistry): Promise<ProjectFile[]> {
  const pkg = files.find((f) => f.path === 'package.json')?.content ?? ''
  const lock = await lockfileFor({ 'package.json': pkg, '.npmrc': registry.npmrc })
  return [...files, { path: '.npmrc', content: registry.npmrc }, { path: 'package-lock.json', content: lock }]
}

/** The TodoMVC project (25 tests and a setup project; dotenv from its package.json). */
export function todoProject(registry: NpmRegistry): Promise<ProjectFile[]> {
  return withLockfile(projectFiles('todomvc'), registry)
}

/** The CommonJS project as it is: one test, nothing to install besides @playwright/test (the runner's own). */
export function cjsProject(): ProjectFile[] {
  return projectFiles('cjs-js')
}

/** The same project with one real dependency: dotenv in package.json, loaded by its config. */
export async function cjsProjectWithDotenv(registry: NpmRegistry): Promise<ProjectFile[]> {
  const own = cjsProject()
  const pkg = JSON.parse(own.find((f) => f.path === 'package.json')?.content ?? '{}') as { devDependencies?: Record<string, string> }
  const config = own.find((f) => f.path === 'playwright.config.js')?.content ?? ''
  const changed = projectFiles('cjs-js', [
    { path: 'package.json', content: `${JSON.stringify({ ...pkg, devDependencies: { ...pkg.devDependencies, dotenv: '^16.4.5' } }, null, 2)}\n` },
    { path: 'playwright.config.js', content: `require('dotenv').config();\n${config}` },
  ])
  return withLockfile(changed, registry)
}

export interface Timed {
  ms: number
  phases: Record<string, number>
}

/** Wall time of one run of `files` as a PLAYWRIGHT check, its result released; fails unless `expected` tests passed. */
export async function runPicket(
  runner: BrowserRunner,
  files: ProjectFile[],
  variables: Record<string, string>,
  expected: number,
  testCommand = 'npx playwright test',
): Promise<Timed> {
  const spec: CheckRunSpec = {
    checkId: 'bench',
    checkName: 'Suite',
    checkType: 'PLAYWRIGHT',
    doc: runDoc('PLAYWRIGHT', { runtimeId: '2026.04', files, testCommand }),
    variables,
    scripts: { setup: [], teardown: [] },
  }
  const cpu = process.cpuUsage()
  const t0 = Date.now()
  const r = await runner.run(spec, { location: 'bench', now: () => Date.now() })
  const t1 = Date.now()
  await r.release?.()
  const t2 = Date.now()
  const used = process.cpuUsage(cpu)
  const details = r.details as { summary?: { passed: number; total: number } | null; tests?: Array<{ durationMs: number }> }
  if (r.status !== 'passing' || details.summary?.passed !== expected) {
    throw new Error(`Picket run: ${r.status}, ${JSON.stringify(details.summary)} (expected ${expected} passed): ${String(r.errorMessage)}\n${r.jobLog.join('\n')}`)
  }
  return {
    ms: t2 - t0,
    // startedAt/stoppedAt bracket the boxed Playwright process; before it: plan, install or cache look-up, run folder.
    phases: {
      before: r.startedAt - t0,
      process: r.stoppedAt - r.startedAt,
      after: t1 - r.stoppedAt,
      release: t2 - t1,
      playwright: r.responseTime,
      tests: (details.tests ?? []).reduce((s, t) => s + t.durationMs, 0),
      // CPU of this process (the service's side: watchdog, proxy, folder walks, reading the report and traces).
      serviceCpu: (used.user + used.system) / 1000,
    },
  }
}

/**
 * A config beside the project's, loading it unchanged and adding only what this machine needs and Picket forces
 * the same way: Debian's Chromium with Picket's flags (no browser is downloaded here) and video off (no ffmpeg).
 */
function benchConfig(userConfig: string, dropWebServer: boolean): string {
  const launch = JSON.stringify({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  return `'use strict'
const loaded = require('./${userConfig}')
const base = loaded.default || loaded
module.exports = { ...base, ${dropWebServer ? 'webServer: undefined, ' : ''}use: { ...base.use, video: 'off', launchOptions: ${launch} } }
`
}

/**
 * How the CLI runs in the project's folder: `bench`, the bench config with the CLI's own options; `picket`, the
 * config Picket generates (its wrapper over the project's config) and its preload in every node process, as in a
 * Picket run but without the runner around it (no box, no run user, no watchdog).
 */
export type DirectHow = 'bench' | 'picket'

export interface DirectProject {
  /** One run in a fresh folder of the project (made before the clock starts, removed after); fails unless `expected` tests passed. */
  run(how: DirectHow, args: string[], env: Record<string, string>, expected: number): Promise<Timed>
}

async function prepare(dir: string, how: DirectHow, userConfig: string, dropWebServer: boolean): Promise<{ config: string; env: Record<string, string> }> {
  if (how === 'bench') {
    await writeFile(path.join(dir, 'bench.config.cjs'), benchConfig(userConfig, dropWebServer))
    return { config: 'bench.config.cjs', env: { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json' } }
  }
  const output = path.join(dir, 'picket-output')
  await mkdir(output)
  const config = configFile({
    mode: 'suite',
    testMatch: null,
    userConfigFile: userConfig,
    userConfigIsModule: false,
    playwrightConfig: null,
    globalTimeoutMs: 225_000,
    projects: [],
    workers: null,
    maxWorkers: 2,
    reportFile: path.join(dir, 'report.json'),
    outputDir: output,
    notesFile: path.join(dir, 'picket-config.json'),
    wrapperFile: path.join(RUNNER, 'config-wrapper.cjs'),
    root: dir,
  })
  await writeFile(path.join(dir, config.path), config.content)
  return {
    config: config.path,
    env: {
      NODE_OPTIONS: `--require ${path.join(RUNNER, 'preload.cjs')}`,
      PICKET_RUN_MODE: 'suite',
      PICKET_CHROMIUM_PATH: CHROMIUM,
      PICKET_CHROMIUM_ARGS: JSON.stringify(CHROMIUM_ARGS),
      PICKET_OUTPUT_DIR: output,
      PICKET_DEGRADED_FILE: path.join(dir, 'picket-degraded.txt'),
    },
  }
}

export function directProject(work: string, files: ProjectFile[], userConfig: string, dropWebServer: boolean): DirectProject {
  return {
    async run(how, args, env, expected) {
      const dir = await mkdtemp(path.join(work, 'd-'))
      for (const f of files) {
        await mkdir(path.dirname(path.join(dir, f.path)), { recursive: true })
        await writeFile(path.join(dir, f.path), f.content)
      }
      await mkdir(path.join(dir, 'node_modules', '@playwright'), { recursive: true })
      for (const name of SERVED) await symlink(path.join(MODULES, name), path.join(dir, 'node_modules', name))
      const setup = await prepare(dir, how, userConfig, dropWebServer)
      const cli = ['node_modules/@playwright/test/cli.js', 'test', '--config', setup.config, ...(how === 'bench' ? ['--reporter=json'] : []), ...args]
      const started = performance.now()
      const code = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, cli, { cwd: dir, env: { ...env, ...setup.env }, stdio: ['ignore', 'ignore', 'pipe'] })
        let stderr = ''
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
        child.on('close', (exit) => resolve({ code: exit, stderr }))
      })
      const ms = performance.now() - started
      const report = readReport(JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8').catch(() => '{}')), dir)
      await rm(dir, { recursive: true, force: true })
      if (code.code !== 0 || report.counts.passed !== expected)
        throw new Error(`direct run exited ${String(code.code)} with ${JSON.stringify(report.counts)} (expected ${expected} passed): ${code.stderr}`)
      return { ms, phases: { playwright: report.durationMs, tests: report.tests.reduce((s, t) => s + t.durationMs, 0) } }
    },
  }
}
