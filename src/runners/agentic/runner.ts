/**
 * The runner of AGENTIC checks: a model (any OpenAI-compatible chat endpoint with tool calling, chosen by the
 * operator) drives Debian's Chromium through playwright-core with the tools of browser-tools.ts. Chromium runs in
 * the run box, as the Chromium of browser checks does (browser-launch.ts), and reaches pages only through the run's
 * own egress proxy, so the egress policy holds for every page, frame and redirect; the model endpoint is the
 * operator's and is not a destination of the check. Each run leaves a trace and its screenshots (the last page
 * always), and records its steps, verdicts, summary and suggestions as the reference's CheckResultAgentic.
 */
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import type { ModelEndpoint } from '../../lib/chat-completions.js'
import type { EgressPolicy } from '../../domain/egress.js'
import type { CheckRunner, CheckRunSpec, RunArtifact, RunContext, RunResult } from '../contract.js'
import { asDoc, num, str } from '../doc-fields.js'
import { egressGuard } from '../egress-guard.js'
import { buildRunResult, earlyFailure } from '../run-result.js'
import { safeName } from '../browser/artifacts.js'
import { CHROMIUM_ARGS } from '../browser/runner.js'
import { killTree, markedTreesRssMb } from '../browser/proc-tree.js'
import { runtimeAccessProblem } from '../browser/runtime-access.js'
import { createRunBox, type RunBox } from '../sandbox/box-host.js'
import { NET_RELAY_PATH } from '../sandbox/box-net.js'
import { defaultRunAs } from '../sandbox/index.js'
import { CHROMIUM_LAUNCHER_PATH, prepareBrowserLaunch, type BrowserLaunch } from './browser-launch.js'
import { runAgent, type AgentOutcome } from './agent-loop.js'
import type { ToolSession } from './browser-tools.js'
import { placeholders } from './placeholders.js'
import { assertionResults, decideAgenticVerdict, type AgentEnd, type DeclaredCondition } from './verdict.js'
import { AGENTIC_LIMITS } from '../../domain/checks/agentic.js'

export interface AgenticRunnerOptions {
  model: ModelEndpoint
  chromiumPath: string
  egress?: EgressPolicy
  /** Characters of page text one tool output may carry to the model (default 6000). */
  pageTextChars?: number
  /** Screenshots one run may keep (default 20). */
  maxScreenshots?: number
  /**
   * The box Chromium runs in (sandbox/box.ts); by default bubblewrap at /usr/bin/bwrap. null starts Chromium as a
   * child of this process, which only an operator's explicit SANDBOX=off may ask for.
   */
  box?: RunBox | null
  /** The box's user; by default `nobody` when this process runs as root. */
  runAs?: { uid: number; gid: number } | null
  /** Where run folders are made (default: the system temp folder). */
  workDir?: string
  /** Resident memory of the run's boxed Chromium, all its processes together, above which the run is killed (default 2048). */
  memoryMb?: number
}

/**
 * How long after its time limit a run's browser may take to hand over the trace and the last screenshot before
 * its box is killed: a browser that no longer answers (a page that took it over) cannot hold the run open.
 */
const CLOSE_GRACE_MS = 20_000
/** How often a boxed run's processes are read for their memory (a scan of /proc), as for browser runs. */
const MEMORY_WATCH_MS = 1000

const conditionsOf = (v: unknown): DeclaredCondition[] =>
  Array.isArray(v)
    ? v
        .map(asDoc)
        .filter((a) => typeof a.condition === 'string')
        .map((a) => ({ condition: str(a.condition), expected: typeof a.expected === 'string' ? a.expected : null }))
    : []

const limitOf = (v: unknown, name: keyof typeof AGENTIC_LIMITS): number => {
  const l = AGENTIC_LIMITS[name]
  const n = num(asDoc(v)[name])
  return n === null ? l.default : Math.min(l.max, Math.max(l.min, Math.trunc(n)))
}

export function agenticRunner(options: AgenticRunnerOptions): CheckRunner {
  const guard = egressGuard(options.egress)
  const pageTextChars = options.pageTextChars ?? 6000
  const maxScreenshots = options.maxScreenshots ?? 20
  const box = options.box === undefined ? createRunBox() : options.box
  const runAs = options.runAs === undefined ? defaultRunAs() : options.runAs
  const workDir = options.workDir ?? os.tmpdir()
  const memoryMb = options.memoryMb ?? 2048
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      if (!existsSync(options.chromiumPath)) {
        return earlyFailure('CONFIG', `Chromium is not installed at ${options.chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`, { startedAt, stoppedAt: ctx.now() })
      }
      // A box that cannot start is a failed run saying why, never a run outside the box.
      const unboxable = box ? (box.unavailable ?? runtimeAccessProblem([NET_RELAY_PATH, CHROMIUM_LAUNCHER_PATH], runAs)) : null
      if (unboxable) return { ...earlyFailure('CONFIG', unboxable, { startedAt, stoppedAt: ctx.now() }), hasFailures: false, hasErrors: true }
      const doc = spec.doc
      const conditions = conditionsOf(doc.assertions)
      const timeoutMs = limitOf(doc.agentLimits, 'timeoutSeconds') * 1000
      const p = placeholders(spec.variables)
      const dir = await mkdtemp(path.join(workDir, 'picket-agentic-'))
      // The box's user may pass through the folder (bwrap binds it, read-only, as Chromium's working folder) but
      // neither list nor change it: the trace and screenshots written here stay as the service wrote them.
      if (box && runAs) await chmod(dir, 0o711)
      const artifacts: RunArtifact[] = []
      const release = () => rm(dir, { recursive: true, force: true })
      let launch: BrowserLaunch | null = null
      let browser: Browser | null = null
      let outcome: AgentOutcome = { end: { kind: 'browser', message: 'The browser did not start' }, steps: [], tokens: 0, modelTurns: 0 }
      let session: ToolSession | null = null
      const jobLog: string[] = []
      const deadline = startedAt + timeoutMs
      // Every process of the box names the run's folder (bwrap binds it): killing them ends the box, and with it
      // every Chromium process, whatever state the browser is in.
      const killBox = () => void killTree([], dir)
      let killedFor: 'time' | 'memory' | null = null
      const stopAt = (limit: 'time' | 'memory') => {
        killedFor ??= limit
        killBox()
      }
      const hardStop = box ? setTimeout(() => stopAt('time'), Math.max(0, deadline - ctx.now()) + CLOSE_GRACE_MS) : undefined
      // A page can make its renderer grow without end: the box's processes (bwrap names the run's folder) are
      // watched, and killed above the limit. Unboxed (SANDBOX=off) Chromium is not told apart from the service's.
      const memoryWatch = box ? setInterval(() => markedTreesRssMb(dir) > memoryMb && stopAt('memory'), MEMORY_WATCH_MS) : undefined
      if (box) ctx.signal?.addEventListener('abort', killBox, { once: true })
      try {
        launch = await prepareBrowserLaunch(box, guard, { chromiumPath: options.chromiumPath, runDir: dir, runAs })
        browser = await chromium.launch({
          executablePath: launch.executablePath,
          ...(launch.env ? { env: launch.env } : {}),
          headless: true,
          args: [
            ...CHROMIUM_ARGS,
            `--proxy-server=${launch.proxyUrl}`,
            '--proxy-bypass-list=<-loopback>',
            '--disable-quic',
            '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
          ],
          timeout: 30_000,
        })
        // No tool takes a download, and a page may not leave files anywhere.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: false })
        await context.tracing.start({ screenshots: true, snapshots: true })
        const page = await context.newPage()
        const s: ToolSession = {
          page,
          placeholders: p,
          pageTextChars,
          actionTimeoutMs: () => Math.max(1, Math.min(10_000, deadline - ctx.now())),
          async screenshot(name) {
            if (artifacts.filter((a) => a.type === 'screenshot').length >= maxScreenshots) return '(not kept: the run has taken its screenshots)'
            const file = safeName(`${artifacts.length + 1}-${name}`, '.png')
            await page.screenshot({ path: path.join(dir, file), timeout: this.actionTimeoutMs() })
            artifacts.push({ type: 'screenshot', name: file, path: path.join(dir, file), contentType: 'image/png' })
            return file
          },
          verdicts: new Map(),
          conditionCount: conditions.length,
          finished: null,
        }
        session = s
        outcome = await runAgent(
          options.model,
          { prompt: str(doc.prompt), startUrl: typeof doc.startUrl === 'string' ? doc.startUrl : null, conditions },
          s,
          { maxSteps: limitOf(doc.agentLimits, 'maxSteps'), maxTokens: limitOf(doc.agentLimits, 'maxTokens'), deadline, timeoutMs },
          ctx.now,
          ctx.signal,
        )
        await s.screenshot('final').catch((err: unknown) => jobLog.push(`The final screenshot failed: ${String(err)}`))
        const tracePath = path.join(dir, 'trace.zip')
        await context.tracing.stop({ path: tracePath })
        artifacts.push({ type: 'trace', name: 'trace.zip', path: tracePath, contentType: 'application/zip' })
      } catch (err) {
        // A browser killed at a limit failed because the run went past it, not on its own.
        if (killedFor === null)
          outcome = { ...outcome, end: { kind: 'browser', message: p.mask(`The browser failed: ${(err instanceof Error ? err.message : String(err)).split('\n')[0] ?? ''}`) } }
      } finally {
        await browser?.close().catch(() => undefined)
        clearTimeout(hardStop)
        clearInterval(memoryWatch)
        ctx.signal?.removeEventListener('abort', killBox)
        if (box) await killTree([], dir)
        await launch?.close().catch(() => undefined)
      }
      const denial = launch?.denials[0]
      const killedEnd: AgentEnd | null = killedFor === 'memory' ? { kind: 'memory', limitMb: memoryMb } : killedFor === 'time' ? { kind: 'time', limitMs: timeoutMs } : null
      const end: AgentEnd = denial ? { kind: 'egress', message: denial } : (killedEnd ?? outcome.end)
      const assertions = assertionResults(conditions, session?.verdicts ?? new Map())
      const verdict = decideAgenticVerdict(end, assertions)
      const stoppedAt = ctx.now()
      jobLog.push(`Agent: ${outcome.modelTurns} model turn(s), ${outcome.tokens} tokens, ended: ${end.kind}`)
      const details = {
        summary: session?.finished?.summary ?? null,
        prompt: str(doc.prompt),
        assertions,
        suggestions: session?.finished?.suggestions ?? [],
        steps: outcome.steps,
        errors: verdict.errorMessage && verdict.errorKind !== 'ASSERTION' ? [{ kind: verdict.errorKind, message: verdict.errorMessage }] : [],
        artifactManifest: Object.fromEntries(artifacts.map((a) => [a.name, a.type === 'trace' ? 'Playwright trace of the run' : 'Screenshot'])),
        usage: { modelTurns: outcome.modelTurns, totalTokens: outcome.tokens },
      }
      const result = buildRunResult(
        {
          status: verdict.status,
          hasFailures: verdict.status === 'failing',
          hasErrors: verdict.errorKind === 'INTERNAL',
          isDegraded: false,
          overMaxResponseTime: false,
          errorKind: verdict.errorKind,
          errorMessage: verdict.errorMessage,
          networkError: false,
        },
        { startedAt, stoppedAt, responseTime: stoppedAt - startedAt, assertions: [], timingPhases: { total: stoppedAt - startedAt }, details, jobLog },
      )
      // Stopped by the engine's shutdown: not a result of the check; it runs again.
      if (ctx.signal?.aborted) {
        await release()
        return { ...result, cancelled: true }
      }
      if (artifacts.length === 0) {
        await release()
        return result
      }
      return { ...result, artifacts, release }
    },
  }
}
