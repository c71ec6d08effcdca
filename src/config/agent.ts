/**
 * The private-location agent's configuration (`picket agent`, bin/picket-agent.js), parsed once from its
 * environment with every problem listed (the caller prints them and exits 2):
 *   API_KEY                 required: a private-location key (pl_…) from POST /v1/private-locations/{id}/keys
 *   PICKET_URL              required: the service's base URL, e.g. https://picket.example.com (http or https)
 *   JOB_CONCURRENCY         jobs run at once, 1–10 (default 1)
 *   LOG_LEVEL               DEBUG | LOG | INFO | WARN | ERROR, any case (default INFO)
 *   HTTPS_PROXY, HTTP_PROXY proxy of the agent's own traffic to the service (checks never use it)
 *   AGENT_HEALTH_PORT       port of /-/readiness, /-/liveness, /health and /metrics (default 8081; 0 = any free port)
 *   EXTERNAL_OBSERVABILITY  error-level events reported (scrubbed) to the service unless `off`
 *   NODE_EXTRA_CA_CERTS     read by Node itself; checked here only to exist
 *   CHROMIUM_PATH           Debian's Chromium (default /usr/bin/chromium); browser check types are taken only when it exists
 *   AGENT_SHUTDOWN_GRACE_MS how long SIGTERM waits for jobs in hand and their results (default 300000)
 *   SANDBOX                 bwrap (default): users' code runs in a bubblewrap box; off: without one (trusted users only)
 *   BROWSER_WORKERS         Playwright workers one suite run may use, 1–16 (default 2)
 *   DEPENDENCY_CACHE_DIR    where projects' installed npm dependencies are kept (default: the runner's temporary folder)
 *   INSTALL_TIMEOUT_SECONDS limit of one npm install of a project's dependencies, 10–3600 (default 300)
 *   INSTALL_SCRIPTS         on | off (default off): whether npm runs the dependencies' install scripts
 *   AGENTIC_MODEL_URL, AGENTIC_MODEL, AGENTIC_MODEL_API_KEY  the model of agentic checks (config/agentic-model.ts);
 *                           agentic checks are taken only with a model and Chromium
 * The last four are the service's settings of the same names (load.ts), read the same way: an agent runs the same
 * Playwright projects with the same runner, so an operator sets them alike on both.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from './load.js'
import { envReader, type Env } from './env-reader.js'
import { readAgenticModel, type AgenticModelConfig } from './agentic-model.js'

export type AgentLogLevel = 'debug' | 'log' | 'info' | 'warn' | 'error'

export interface AgentConfig {
  apiKey: string
  /** Base URL of the service, without a trailing slash. */
  serviceUrl: string
  jobConcurrency: number
  logLevel: AgentLogLevel
  /** Proxy for the agent's calls to the service (HTTPS_PROXY for https services, else HTTP_PROXY); undefined: direct. */
  proxyUrl: string | undefined
  healthPort: number
  externalObservability: boolean
  chromiumPath: string
  shutdownGraceMs: number
  sandbox: 'bwrap' | 'off'
  /**
   * Playwright project runs, as on the service (Config.browser): the workers one suite run may use, where installed
   * dependencies are kept (null: inside the runner's temporary folder, for as long as the agent runs), the limit of
   * one npm install, and whether npm runs install scripts.
   */
  browser: { maxWorkers: number; dependencyCacheDir: string | null; installTimeoutMs: number; allowInstallScripts: boolean }
  /** The model that drives agentic checks here; null: this agent takes none. */
  agenticModel: AgenticModelConfig | null
}

const LEVELS: AgentLogLevel[] = ['debug', 'log', 'info', 'warn', 'error']

const httpUrl = (raw: string): boolean => {
  try {
    const u = new URL(raw)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/** The agent's settings, or a ConfigError naming every problem. */
export function loadAgentConfig(env: Env = process.env): AgentConfig {
  const problems: string[] = []
  const reader = envReader(env, problems)
  const { int, str, oneOf } = reader

  const apiKey = str('API_KEY')
  if (apiKey === undefined) problems.push('API_KEY is required: a private-location key (pl_…) from POST /v1/private-locations/{id}/keys')
  else if (!apiKey.startsWith('pl_')) problems.push('API_KEY must be a private-location key (it starts with pl_)')

  const serviceUrl = str('PICKET_URL')?.replace(/\/+$/, '')
  if (serviceUrl === undefined) problems.push("PICKET_URL is required: the service's base URL, e.g. https://picket.example.com")
  else if (!httpUrl(serviceUrl)) problems.push(`PICKET_URL must be an http:// or https:// URL (got "${serviceUrl}")`)

  const jobConcurrency = int('JOB_CONCURRENCY', 1, 1, 10)

  const rawLevel = str('LOG_LEVEL')
  let logLevel: AgentLogLevel = 'info'
  if (rawLevel !== undefined) {
    const lower = rawLevel.toLowerCase() as AgentLogLevel
    if (LEVELS.includes(lower)) logLevel = lower
    else problems.push(`LOG_LEVEL must be one of DEBUG, LOG, INFO, WARN, ERROR (got "${rawLevel}")`)
  }

  const httpsProxy = str('HTTPS_PROXY') ?? str('https_proxy')
  const httpProxy = str('HTTP_PROXY') ?? str('http_proxy')
  for (const [name, value] of [
    ['HTTPS_PROXY', httpsProxy],
    ['HTTP_PROXY', httpProxy],
  ] as const) {
    if (value !== undefined && !httpUrl(value)) problems.push(`${name} must be an http:// or https:// URL`)
  }
  const proxyUrl = serviceUrl?.startsWith('https:') ? (httpsProxy ?? httpProxy) : (httpProxy ?? httpsProxy)

  const healthPort = int('AGENT_HEALTH_PORT', 8081, 0, 65535)

  const observability = str('EXTERNAL_OBSERVABILITY')
  const externalObservability = observability?.toLowerCase() !== 'off'

  const caFile = str('NODE_EXTRA_CA_CERTS')
  if (caFile !== undefined && !existsSync(caFile)) problems.push(`NODE_EXTRA_CA_CERTS names a file that does not exist: ${caFile}`)

  const shutdownGraceMs = int('AGENT_SHUTDOWN_GRACE_MS', 300_000, 0, 3_600_000)

  const cacheDir = str('DEPENDENCY_CACHE_DIR')
  const browser = {
    maxWorkers: int('BROWSER_WORKERS', 2, 1, 16),
    dependencyCacheDir: cacheDir === undefined ? null : path.resolve(cacheDir),
    installTimeoutMs: int('INSTALL_TIMEOUT_SECONDS', 300, 10, 3600) * 1000,
    allowInstallScripts: oneOf('INSTALL_SCRIPTS', ['on', 'off'], 'off') === 'on',
  }

  const agenticModel = readAgenticModel(reader, problems)
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    apiKey: apiKey ?? '',
    serviceUrl: serviceUrl ?? '',
    jobConcurrency,
    logLevel,
    proxyUrl: proxyUrl !== undefined && httpUrl(proxyUrl) ? proxyUrl : undefined,
    healthPort,
    externalObservability,
    chromiumPath: str('CHROMIUM_PATH') ?? '/usr/bin/chromium',
    shutdownGraceMs,
    sandbox: oneOf('SANDBOX', ['bwrap', 'off'], 'bwrap'),
    browser,
    agenticModel,
  }
}
