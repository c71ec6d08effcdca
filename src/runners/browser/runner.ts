/**
 * The runner of BROWSER, MULTI_STEP and PLAYWRIGHT checks (semantics section 6). Each run gets a fresh folder with
 * the script (or suite), its dependencies and a generated config, and runs in its own process tree: the real
 * Playwright Test runner (`@playwright/test`) for test scripts and suites, plain `node` for scripts that drive
 * `playwright` themselves. Chromium is Debian's, launched by Playwright with a fresh context per test.
 */
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from '../contract.js'
import { earlyFailure } from '../run-result.js'
import { defaultRunAs, findNodeModules } from '../sandbox/index.js'
import { createSemaphore } from '../sandbox/semaphore.js'
import { ARTIFACT_CAPS, RUN_NOTE_BYTES } from './artifact-caps.js'
import { collectArtifacts, NO_ARTIFACTS } from './artifacts.js'
import { decideVerdict, verdictFields } from './outcome.js'
import { configSource, globalTimeoutFor } from './playwright-config.js'
import { readReport, type ReportSummary } from './report.js'
import { runProcess } from './run-process.js'
import { planRun, type RunPlan } from './run-plan.js'
import { readRunText } from './run-file.js'
import { summarizeTraces } from './trace-reader.js'
import { createRunDir, createRunsRoot, RUN_TMP } from './workspace.js'
import { buildJobLog, buildDetails } from './result-details.js'
import { readVitals } from './web-vitals.js'
import { probeCertificate, type SslProbe } from '../ssl-probe.js'
import { readCertificate } from './certificate.js'
import { egressRules, type EgressPolicy } from '../../domain/egress.js'
import { egressGuard, egressProbe } from '../egress-guard.js'
import { applyEgressDenials, startRunEgress } from './run-egress.js'
import { createRunBox, type RunBox } from '../sandbox/box-host.js'
import { NET_RELAY_PATH, startBoxNet } from '../sandbox/box-net.js'
import { BOX_PROXY_URL } from '../sandbox/box.js'

export interface BrowserRunnerOptions {
  /** Debian's Chromium (CHROMIUM_PATH); browser runs fail with how to install it when it is missing. */
  chromiumPath: string
  /** Hard limit of a run (semantics: 240 s). */
  timeoutMs?: number
  /** Resident memory of a run's whole process tree, in MB. */
  memoryMb?: number
  /** What a run's folder may hold (files it writes, traces, screenshots), in MB. */
  diskMb?: number
  /** Browser runs at once in this process. */
  concurrency?: number
  /** Where run folders are made (default: the system temp folder). */
  workDir?: string
  /** The run's user; by default `nobody` when this process runs as root. */
  runAs?: { uid: number; gid: number } | null
  /** Reads the certificate of a check's sslCheckDomain with each run (default: the real TLS probe). */
  sslProbe?: SslProbe
  /** Where Chromium and the run's node processes may connect (EGRESS_POLICY); default open. See run-egress.ts. */
  egress?: EgressPolicy
  /**
   * The box every run executes in (sandbox/box.ts); by default bubblewrap at /usr/bin/bwrap. null runs users' code
   * without a box, which only an operator's explicit SANDBOX=off may ask for.
   */
  box?: RunBox | null
}

export interface BrowserRunner extends CheckRunner {
  /** Removes the runner's temporary root (after the last run). */
  close(): Promise<void>
}

const HERE = path.dirname(fileURLToPath(import.meta.url))
/** The runs' PATH: the system's programs only (the service's own environment never reaches a run). */
const RUN_PATH = '/usr/local/bin:/usr/bin:/bin'

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run', '--no-default-browser-check', '--mute-audio']

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
  let root: Promise<string> | null = null
  const rootDir = (): Promise<string> => (root ??= createRunsRoot(options.workDir ?? os.tmpdir(), nodeModules, path.join(HERE, 'playwright-helpers.cjs')))

  async function run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
    const plan = planRun(spec)
    const startedAt = ctx.now()
    if ('error' in plan) return configFailure(plan.error, startedAt, ctx.now())
    if (box?.unavailable) return configFailure(box.unavailable, startedAt, ctx.now(), true)
    if (plan.mode !== 'multistep' && !existsSync(options.chromiumPath)) {
      return configFailure(`Chromium was not found at ${options.chromiumPath}. Install it with \`apt-get install -y chromium\` (Debian) or set CHROMIUM_PATH to a Chromium executable.`, startedAt, ctx.now(), true)
    }
    const dir = await createRunDir(await rootDir(), [...plan.files, { path: 'picket.config.cjs', content: configFor(plan, timeoutMs) }], runAs)
    try {
      return await execute(plan, dir, spec, ctx)
    } catch (err) {
      await rm(dir, { recursive: true, force: true })
      throw err
    }
  }

  async function execute(plan: RunPlan, dir: string, spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
    const outputDir = path.join(dir, 'picket-output')
    const reportFile = path.join(dir, 'picket-report.json')
    const preload = path.join(HERE, 'preload.cjs')
    const env: Record<string, string> = {
      ...spec.variables,
      PATH: RUN_PATH, HOME: dir, TMPDIR: box ? '/tmp' : path.join(dir, RUN_TMP), LANG: 'C.UTF-8', TZ: 'UTC',
      NODE_OPTIONS: `${box ? `--require ${NET_RELAY_PATH} ` : ''}--require ${preload} --max-old-space-size=${Math.min(memoryMb, 4096)}`,
      NODE_PATH: path.join(path.dirname(dir), 'node_modules'),
      PICKET_RUN_MODE: plan.plain ? 'plain' : plan.mode, PICKET_CHROMIUM_PATH: options.chromiumPath, PICKET_CHROMIUM_ARGS: JSON.stringify(CHROMIUM_ARGS),
      PICKET_OUTPUT_DIR: outputDir, PICKET_DEGRADED_FILE: path.join(dir, 'picket-degraded.txt'), FORCE_COLOR: '0', NO_COLOR: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    }
    const args = plan.plain ? [path.join(dir, plan.entry)] : [path.join(nodeModules, '@playwright', 'test', 'cli.js'), 'test', '--config', path.join(dir, 'picket.config.cjs')]
    let startedAt = ctx.now()
    const certificate = readCertificate(spec.doc.sslCheckDomain, sslProbe, ctx.now)
    // A boxed run's only way out is its proxy, policy or not; an unboxed run has one only under a policy.
    const boxNet = box ? await startBoxNet(guard, path.dirname(dir), nodeModules) : null
    const localNet = !box && rules ? await startRunEgress(guard, rules) : null
    const netEnv = boxNet ? { ...boxNet.env, PICKET_EGRESS: JSON.stringify({ proxy: BOX_PROXY_URL }) } : (localNet?.env ?? {})
    const readOnly = [nodeModules, path.join(path.dirname(dir), 'node_modules'), preload, NET_RELAY_PATH]
    const command = box && boxNet ? box.wrap([process.execPath, ...args], { cwd: dir, writable: [dir], readOnly, egressDir: boxNet.dir }) : { command: process.execPath, args }
    let proc
    try {
      proc = await slots.run(() => {
        startedAt = ctx.now()
        return runProcess(command.command, command.args, { cwd: dir, env: { ...env, ...netEnv }, marker: dir }, { timeoutMs, memoryMb, diskMb, runAs, ...(ctx.signal ? { signal: ctx.signal } : {}) })
      })
    } finally {
      await boxNet?.close()
      await localNet?.close()
    }
    const stoppedAt = ctx.now()
    let report: ReportSummary | null = null
    // The run's own files are read under the artifacts' rules (run-file.ts): no links, inside the folder, capped.
    if (!plan.plain) report = await readRunText(dir, reportFile, ARTIFACT_CAPS.reportBytes).then((t) => (t === null ? null : readReport(JSON.parse(t), dir))).catch(() => null)
    const plainError = plan.plain ? await readJson<{ message: string; stack: string | null }>(dir, path.join(outputDir, 'picket-plain-error.json')) : null
    const plainDegraded = plan.plain ? ((await readRunText(dir, path.join(dir, 'picket-degraded.txt'), RUN_NOTE_BYTES)) ?? '').split('\n').filter(Boolean).flatMap(jsonString) : []
    const keep = proc.killedFor !== 'timeout'
    const collected = keep ? await collectArtifacts({ runDir: dir, startedAt, report, reportFile: plan.plain ? null : reportFile, outputDir }) : NO_ARTIFACTS
    const artifacts = collected.artifacts
    const trace = await summarizeTraces(artifacts.filter((x) => x.type === 'trace').map((x) => x.path))
    const vitals = readVitals((await readRunText(dir, path.join(outputDir, 'picket-vitals.jsonl'), RUN_NOTE_BYTES)) ?? '')
    const verdict = applyEgressDenials(decideVerdict({ process: proc, report, plain: plan.plain, plainError, plainDegraded, trace, limits: { timeoutMs, memoryMb, diskMb } }), boxNet?.denials ?? localNet?.denials ?? [])
    const responseTime = report && report.durationMs > 0 ? report.durationMs : proc.wallMs
    return {
      ...verdictFields(verdict),
      responseTime, startedAt, stoppedAt,
      assertions: [],
      timingPhases: { total: responseTime },
      details: { ...buildDetails({ plan, spec, report, trace, vitals, verdict, versions, proc, startedAt, stoppedAt }), ...(await certificate) },
      jobLog: buildJobLog({ report, trace, proc, plain: plan.plain, verdict, notes: collected.notes }),
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

function configFor(plan: RunPlan, timeoutMs: number): string {
  return configSource({
    mode: plan.mode, testMatch: plan.testMatch, userConfigFile: plan.userConfigFile, playwrightConfig: plan.playwrightConfig,
    globalTimeoutMs: globalTimeoutFor(timeoutMs), reportFile: 'picket-report.json', outputDir: 'picket-output',
  })
}

async function readJson<T>(dir: string, file: string): Promise<T | null> {
  const text = await readRunText(dir, file, RUN_NOTE_BYTES)
  try {
    return text === null ? null : (JSON.parse(text) as T)
  } catch {
    return null
  }
}

/** A line of the degraded marks file (a JSON string); a line that is not one is skipped, never fatal. */
function jsonString(line: string): string[] {
  try {
    return [String(JSON.parse(line))]
  } catch {
    return []
  }
}

/** A run that could not start; Chromium missing is our side's problem (hasErrors), a check that cannot run is the check's. */
function configFailure(message: string, startedAt: number, stoppedAt: number, ours = false): RunResult {
  const failure = earlyFailure('CONFIG', message, { startedAt, stoppedAt, jobLog: [message] })
  return ours ? { ...failure, hasFailures: false, hasErrors: true } : failure
}
