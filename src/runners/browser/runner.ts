/**
 * The runner of BROWSER, MULTI_STEP and PLAYWRIGHT checks. Each run gets a fresh folder with the script (or the
 * project), its installed dependencies and a generated config next to the project's own, and runs in its own box
 * and process tree: the real Playwright Test runner (`@playwright/test`) for test files and suites, plain `node`
 * for scripts that drive `playwright` themselves. Chromium is Debian's, launched by Playwright with a fresh context
 * per test. Paths the run can show are the box's neutral ones (run-layout.ts), made relative in every result.
 */
import { existsSync, readFileSync } from 'node:fs'
import { chown, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from '../contract.js'
import { earlyFailure } from '../run-result.js'
import { defaultRunAs, findNodeModules } from '../sandbox/index.js'
import { createSemaphore } from '../sandbox/semaphore.js'
import { decideVerdict, verdictFields } from './outcome.js'
import { configFile, globalTimeoutFor } from './playwright-config.js'
import { BOX_RUNTIME, relativePaths, runLayout, runtimeSeenAs, type RunLayout } from './run-layout.js'
import { npmrcVariables } from './install-plan.js'
import type { ProcessOutcome } from './run-process.js'
import { runProcess } from './run-process.js'
import { planRun, type RunPlan } from './run-plan.js'
import { NOTES_FILE, readRunOutputs } from './run-outputs.js'
import { createRunDir, createRunsRoot, RUN_TMP } from './workspace.js'
import { buildJobLog, buildDetails } from './result-details.js'
import { runDuration } from './run-duration.js'
import { probeCertificate } from '../ssl-probe.js'
import { readCertificate } from './certificate.js'
import { egressRules } from '../../domain/egress.js'
import { egressGuard, egressProbe } from '../egress-guard.js'
import { applyEgressDenials, startRunEgress } from './run-egress.js'
import { createRunBox } from '../sandbox/box-host.js'
import { NET_RELAY_PATH, startBoxNet } from '../sandbox/box-net.js'
import { BOX_PROXY_URL } from '../sandbox/box.js'
import { runtimeAccessProblem } from './runtime-access.js'
import type { BrowserRunnerOptions } from './runner-options.js'
import { createDependencyCache } from './dependencies.js'
import { createInstallEnvironment } from './install-environment.js'

export interface BrowserRunner extends CheckRunner {
  /** Removes the runner's temporary root (after the last run). */
  close(): Promise<void>
}

const HERE = path.dirname(fileURLToPath(import.meta.url))
const PRELOAD = path.join(HERE, 'preload.cjs')
const WRAPPER = path.join(HERE, 'config-wrapper.cjs')
/** The runs' PATH: the system's programs only (the service's own environment never reaches a run). */
const RUN_PATH = '/usr/local/bin:/usr/bin:/bin'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
]

function playwrightModules(from: string): string {
  const modules = findNodeModules(from)
  if (modules === null || !existsSync(path.join(modules, '@playwright', 'test'))) throw new Error('@playwright/test is not installed (run npm ci)')
  return modules
}

export function playwrightVersion(nodeModules: string): string {
  return (JSON.parse(readFileSync(path.join(nodeModules, '@playwright', 'test', 'package.json'), 'utf8')) as { version: string }).version
}

export function createBrowserRunner(options: BrowserRunnerOptions): BrowserRunner {
  const timeoutMs = options.timeoutMs ?? 240_000
  const memoryMb = options.memoryMb ?? 2048
  const diskMb = options.diskMb ?? 1024
  const runAs = options.runAs === undefined ? defaultRunAs() : options.runAs
  const nodeModules = playwrightModules(HERE)
  const box = options.box === undefined ? createRunBox() : options.box
  const versions = { node: process.version.replace(/^v/, ''), playwright: playwrightVersion(nodeModules) }
  const slots = createSemaphore(options.concurrency ?? 2)
  const guard = egressGuard(options.egress)
  const rules = options.egress ? egressRules(options.egress) : null
  const sslProbe = egressProbe(guard, options.sslProbe ?? probeCertificate)
  const workDir = options.workDir ?? os.tmpdir()
  const seenRuntime = runtimeSeenAs(box !== null, nodeModules)
  const planOptions = { runtime: versions, allowInstallScripts: options.allowInstallScripts ?? false }
  let root: Promise<string> | null = null
  const rootDir = (): Promise<string> => (root ??= createRunsRoot(workDir, nodeModules, path.join(HERE, 'playwright-helpers.cjs'), seenRuntime))
  // A shared cache keeps boxed and unboxed installs apart: their links to the runtime differ (run-layout.ts).
  const cacheDir = async (): Promise<string> =>
    options.dependencyCacheDir ? path.join(options.dependencyCacheDir, box ? 'boxed' : 'host') : path.join(await rootDir(), 'dependencies')
  const dependencies = createDependencyCache({ root: cacheDir, runtimeSeenAs: seenRuntime })

  const installEnvironment = createInstallEnvironment({
    runAs,
    timeoutMs: options.installTimeoutMs ?? 300_000,
    memoryMb,
    box,
    guard,
    rules,
    runtime: nodeModules,
    preloadPath: PRELOAD,
    runPath: RUN_PATH,
  })

  async function run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
    const plan = planRun(spec, planOptions)
    const startedAt = ctx.now()
    if ('error' in plan) return configFailure(plan.error, startedAt, ctx.now())
    if (box?.unavailable) return configFailure(box.unavailable, startedAt, ctx.now(), true)
    // Looked at with each run (a few stat calls), so that opening the folder takes effect without a restart.
    const closed = runtimeAccessProblem([nodeModules, PRELOAD, WRAPPER, NET_RELAY_PATH], runAs)
    if (closed) return configFailure(closed, startedAt, ctx.now(), true)
    if (plan.mode !== 'multistep' && !existsSync(options.chromiumPath)) {
      return configFailure(
        `Chromium was not found at ${options.chromiumPath}. Install it with \`apt-get install -y chromium\` (Debian) or set CHROMIUM_PATH to a Chromium executable.`,
        startedAt,
        ctx.now(),
        true,
      )
    }
    const notes = [...plan.install.notes, ...plan.command.notes]
    let installed: string | null = null
    const install = plan.install.install
    if (install) {
      const got = await slots.run(() =>
        dependencies.prepare(install, installEnvironment, npmrcVariables(install, spec.variables), ctx.signal, { refresh: spec.refreshCache === true }),
      )
      if ('error' in got) return configFailure(got.error, startedAt, ctx.now(), false, got.log)
      installed = got.dir
      notes.push(got.cached ? `Dependencies: ${install.label} (from the cache)` : `Dependencies: installed with ${install.label}`)
    }
    const modulesAt = installed ? { at: install?.at ?? '', linkTo: box ? null : installed } : undefined
    const dir = await createRunDir(await rootDir(), plan.files, runAs, modulesAt)
    const layout = runLayout({
      boxed: box !== null,
      runDir: dir,
      dependencies: installed ? { hostDir: installed, at: install?.at ?? '' } : null,
      runtime: nodeModules,
      helpers: [PRELOAD, NET_RELAY_PATH, WRAPPER],
    })
    try {
      return await execute(plan, dir, layout, spec, ctx, notes)
    } catch (err) {
      await rm(dir, { recursive: true, force: true })
      throw err
    }
  }

  async function execute(plan: RunPlan, dir: string, layout: RunLayout, spec: CheckRunSpec, ctx: RunContext, notes: string[]): Promise<RunResult> {
    const inside = (rel: string): string => path.posix.join(layout.root, rel)
    const config = configFor(plan, timeoutMs, options.maxWorkers ?? 2, layout)
    await writeFile(path.join(dir, config.path), config.content)
    if (runAs) await chown(path.join(dir, config.path), runAs.uid, runAs.gid)
    const env: Record<string, string> = {
      ...spec.variables,
      ...plan.command.env,
      PATH: RUN_PATH,
      HOME: layout.root,
      TMPDIR: box ? '/tmp' : path.join(dir, RUN_TMP),
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      NODE_OPTIONS: `${box ? `--require ${layout.helper(NET_RELAY_PATH)} ` : ''}--require ${layout.helper(PRELOAD)} --max-old-space-size=${Math.min(memoryMb, 4096)}`,
      NODE_PATH: layout.modules,
      PICKET_RUN_MODE: plan.plain ? 'plain' : plan.mode,
      PICKET_CHROMIUM_PATH: options.chromiumPath,
      PICKET_CHROMIUM_ARGS: JSON.stringify(CHROMIUM_ARGS),
      PICKET_OUTPUT_DIR: inside('picket-output'),
      PICKET_DEGRADED_FILE: inside('picket-degraded.txt'),
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    }
    const args = plan.plain
      ? [inside(plan.entry)]
      : [path.posix.join(layout.modules, '@playwright', 'test', 'cli.js'), 'test', '--config', inside(config.path), ...plan.command.args]
    let startedAt = ctx.now()
    const certificate = readCertificate(spec.doc.sslCheckDomain, sslProbe, ctx.now)
    // A boxed run's only way out is its proxy, policy or not; an unboxed run has one only under a policy.
    const boxNet = box ? await startBoxNet(guard, path.dirname(dir), BOX_RUNTIME) : null
    const localNet = !box && rules ? await startRunEgress(guard, rules) : null
    const netEnv = boxNet ? { ...boxNet.env, PICKET_EGRESS: JSON.stringify({ proxy: BOX_PROXY_URL }) } : (localNet?.env ?? {})
    const cwd = inside(plan.workDir)
    const command =
      box && boxNet
        ? box.wrap([process.execPath, ...args], { cwd, writable: [], readOnly: [], egressDir: boxNet.dir, mounts: layout.mounts, asNamespaceRoot: true })
        : { command: process.execPath, args }
    let ran: ProcessOutcome
    try {
      ran = await slots.run(() => {
        startedAt = ctx.now()
        return runProcess(
          command.command,
          command.args,
          { cwd: box ? dir : cwd, env: { ...env, ...netEnv }, marker: dir },
          { timeoutMs, memoryMb, diskMb, runAs, ...(ctx.signal ? { signal: ctx.signal } : {}) },
        )
      })
    } finally {
      await boxNet?.close()
      await localNet?.close()
    }
    const stoppedAt = ctx.now()
    const shown = (text: string): string => relativePaths(text, layout.shown)
    const proc = { ...ran, stdout: shown(ran.stdout), stderr: shown(ran.stderr) }
    const { report, summary, plainError, plainDegraded, collected, trace, vitals } = await readRunOutputs({
      dir,
      plain: plan.plain,
      root: layout.root,
      startedAt,
      keep: proc.killedFor !== 'timeout',
      shown,
    })
    notes.push(...(summary?.notes ?? []).map(String))
    const artifacts = collected.artifacts
    const verdict = applyEgressDenials(
      decideVerdict({ process: proc, report, plain: plan.plain, plainError, plainDegraded, trace, limits: { timeoutMs, memoryMb, diskMb }, config: summary }),
      boxNet?.denials ?? localNet?.denials ?? [],
    )
    const responseTime = runDuration(report, proc.wallMs)
    return {
      ...verdictFields(verdict),
      responseTime,
      startedAt,
      stoppedAt,
      assertions: [],
      timingPhases: { total: responseTime },
      details: { ...buildDetails({ plan, spec, report, trace, vitals, verdict, versions, proc, startedAt, stoppedAt, notes }), ...(await certificate) },
      jobLog: buildJobLog({ report, trace, proc, plain: plan.plain, verdict, notes: [...notes.map((n) => `Note: ${n}`), ...collected.notes] }),
      artifacts,
      release: async () => {
        await collected.release()
        await rm(dir, { recursive: true, force: true })
      },
      ...(proc.killedFor === 'aborted' ? { cancelled: true } : {}),
    }
  }

  return {
    run,
    async close() {
      if (root) await rm(await root, { recursive: true, force: true }).catch(() => undefined)
      root = null
    },
  }
}

function configFor(plan: RunPlan, timeoutMs: number, maxWorkers: number, layout: RunLayout): { path: string; content: string } {
  return configFile({
    mode: plan.mode,
    testMatch: plan.testMatch,
    userConfigFile: plan.userConfigFile,
    userConfigIsModule: plan.userConfigIsModule,
    playwrightConfig: plan.playwrightConfig,
    globalTimeoutMs: globalTimeoutFor(timeoutMs),
    projects: plan.command.projects,
    workers: plan.command.workers,
    maxWorkers,
    reportFile: path.posix.join(layout.root, 'picket-report.json'),
    outputDir: path.posix.join(layout.root, 'picket-output'),
    notesFile: path.posix.join(layout.root, NOTES_FILE),
    wrapperFile: layout.helper(WRAPPER),
    root: layout.root,
  })
}

/** A run that could not start; Chromium missing is our side's problem (hasErrors), a check that cannot run is the check's. */
function configFailure(message: string, startedAt: number, stoppedAt: number, ours = false, log: string[] = [message]): RunResult {
  const failure = earlyFailure('CONFIG', message, { startedAt, stoppedAt, jobLog: log })
  return ours ? { ...failure, hasFailures: false, hasErrors: true } : failure
}
