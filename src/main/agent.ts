/**
 * Composition root of the private-location agent (`picket agent`, bin/picket-agent.js): reads its configuration
 * (src/config/agent.ts; every problem listed, exit 2), builds the same runners the service uses (browser types only
 * where Chromium exists), starts the agent and drains it on SIGTERM/SIGINT (exit 0). Problems at start are one
 * line each, never a stack trace.
 */
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import pino from 'pino'
import { loadAgentConfig, type AgentConfig } from '../config/agent.js'
import { ConfigError } from '../config/load.js'
import { startAgent } from '../agent/agent.js'
import { AGENT_USAGE } from '../cli/agent-usage.js'
import type { AgentLog } from '../agent/log.js'
import { claimWorkspace } from '../agent/workspaces.js'
import { buildRunners } from '../runners/index.js'
import { createBrowserRunner } from '../runners/browser/runner.js'
import { agenticRunner } from '../runners/agentic/runner.js'
import { createChildProcessSandbox } from '../runners/sandbox/index.js'
import { OPEN_EGRESS } from '../domain/egress.js'
import { withProtectedEndpoints } from './protected-endpoints.js'
import { startRunBox } from './run-box.js'

function agentVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

function buildLogger(config: AgentConfig): AgentLog {
  const logger = pino({ level: config.logLevel, customLevels: { log: 25 }, base: { component: 'agent' } })
  return {
    debug: (f, m) => logger.debug(f, m),
    info: (f, m) => logger.info(f, m),
    warn: (f, m) => logger.warn(f, m),
    error: (err, m) => logger.error({ err }, m),
  }
}

/** Starts the agent; resolves with an exit code when it could not start, or never (it exits on a signal). */
export async function runAgent(env: Record<string, string | undefined> = process.env): Promise<number | 'running'> {
  let config: AgentConfig
  try {
    config = loadAgentConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`picket agent: ${err.message}\n\nRun "picket agent --help" for the settings.\n`)
    return 2
  }
  const log = buildLogger(config)
  // Runs never reach the service this agent reports to, nor the agent's own port (main/protected-endpoints.ts).
  const egress = await withProtectedEndpoints(OPEN_EGRESS, {
    listening: [{ name: 'agent health port', port: config.healthPort }],
    remote: [{ name: "API (this agent's service)", url: config.serviceUrl, defaultPort: config.serviceUrl.startsWith('https:') ? 443 : 80 }],
  })
  const box = await startRunBox(config.sandbox, { warn: (o, m) => log.warn(o, m ?? ''), error: (o, m) => log.warn(o, m ?? '') })
  const sandbox = createChildProcessSandbox({ egress, box })
  const hasChromium = existsSync(config.chromiumPath)
  // The runs' folders live in a folder of this process's own; those of an agent that was killed are removed now.
  const workspace = await claimWorkspace(os.tmpdir())
  if (workspace.removed.length > 0) log.info({ removed: workspace.removed }, 'Removed the workspaces of agents that were killed')
  const b = config.browser
  const browser = hasChromium
    ? createBrowserRunner({
        chromiumPath: config.chromiumPath,
        workDir: workspace.dir,
        concurrency: config.jobConcurrency,
        maxWorkers: b.maxWorkers,
        ...(b.dependencyCacheDir ? { dependencyCacheDir: b.dependencyCacheDir } : {}),
        installTimeoutMs: b.installTimeoutMs,
        allowInstallScripts: b.allowInstallScripts,
        egress,
        box,
      })
    : undefined
  if (!hasChromium) log.info({ chromiumPath: config.chromiumPath }, 'Chromium not found: this agent takes no BROWSER, MULTI_STEP or PLAYWRIGHT checks')
  const agentic =
    hasChromium && config.agenticModel ? agenticRunner({ model: config.agenticModel, chromiumPath: config.chromiumPath, egress, box, workDir: workspace.dir }) : undefined
  if (hasChromium && !config.agenticModel) log.info({}, 'No AGENTIC_MODEL_URL: this agent takes no AGENTIC checks')
  const runners = buildRunners({ sandbox, browser, egress, ...(agentic ? { agentic } : {}) })
  let agent
  try {
    agent = await startAgent({
      serviceUrl: config.serviceUrl,
      apiKey: config.apiKey,
      proxyUrl: config.proxyUrl,
      jobConcurrency: config.jobConcurrency,
      healthPort: config.healthPort,
      externalObservability: config.externalObservability,
      runners,
      log,
      agentVersion: agentVersion(),
    })
  } catch (err) {
    sandbox.close()
    await browser?.close()
    await workspace.release()
    const code = (err as { code?: string }).code
    const why = code === 'EADDRINUSE' ? `port ${config.healthPort} is in use (set AGENT_HEALTH_PORT)` : err instanceof Error ? err.message : String(err)
    process.stderr.write(`picket agent: cannot start: ${why}\n`)
    return 1
  }
  const running = agent
  // A bug that escaped every handler: logged and reported (scrubbed), then the process ends as Node would end it;
  // the service runs its leased jobs again after their lease.
  const fatal = (err: unknown) => {
    log.error(err, 'Agent crashed')
    running.reportError(err)
    setTimeout(() => process.exit(1), 1000)
  }
  process.on('uncaughtException', fatal)
  process.on('unhandledRejection', fatal)
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal, inFlight: running.loop.status().inFlight, outbox: running.loop.status().outboxSize }, 'Stopping: no new jobs; finishing the jobs in hand')
    const { drained } = await running.stop(config.shutdownGraceMs)
    sandbox.close()
    await browser?.close()
    await workspace.release()
    if (drained) log.info({}, 'Stopped')
    else log.warn({}, 'Stopped after the grace period; undelivered jobs run again on the service after their lease')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  return 'running'
}

/** bin/picket-agent.js: `--help` or run. */
export async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    process.stdout.write(`${AGENT_USAGE}\n`)
    process.exit(0)
  }
  if (argv.length > 0) {
    process.stderr.write(`picket agent: unexpected argument "${argv[0] ?? ''}"\n\n${AGENT_USAGE}\n`)
    process.exit(2)
  }
  const code = await runAgent()
  if (code !== 'running') process.exit(code)
}
