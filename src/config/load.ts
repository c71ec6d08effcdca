/**
 * The only reader of process.env. Parses every setting once, lists every problem, fails fast.
 */
import os from 'node:os'
import path from 'node:path'
import { emailProblem } from '../domain/users/email.js'
import { passwordProblem } from '../domain/users/password.js'
import { envReader, type Env } from './env-reader.js'
import { readOperations, type OperationsConfig } from './operations.js'
import { readTrustProxy, type TrustProxy } from './trust-proxy.js'
import { readSecretKeys, type SecretKeyConfig } from './secret-key.js'
import { readAgenticModel, type AgenticModelConfig } from './agentic-model.js'
import { AGENT_LEASE_MS, ARTIFACT_RETENTION_DAYS, DEFAULT_LOCATION, LOCATION_UNAVAILABLE_AFTER_MS, PAGE_CACHE_MS } from './service-defaults.js'

export interface Config {
  port: number
  host: string
  dataDir: string
  /** postgres://… switches the store to PostgreSQL; undefined means embedded SQLite under dataDir. */
  databaseUrl: string | undefined
  /**
   * SQLITE_SYNCHRONOUS: `full` (default), every commit of the embedded store is on disk before it is answered, and
   * survives a power cut; `normal`, it survives a crash of Picket only, for disks where a sync is slow.
   */
  sqliteSynchronous: 'full' | 'normal'
  redisUrl: string | undefined
  /** Public base address used to build links such as heartbeat ping URLs. */
  publicBaseUrl: string
  logLevel: string
  /**
   * LOG_FORMAT: `json` (pino's lines, one object each, for log collectors) or `pretty` (readable lines). Unset: pretty
   * when standard output is a terminal, where a person reads it, and JSON otherwise.
   */
  logFormat: 'json' | 'pretty'
  bootstrapAccountId: string | undefined
  bootstrapApiKey: string | undefined
  /** PICKET_ADMIN_EMAIL and PICKET_ADMIN_PASSWORD: a console user made to exist as OWNER of the first account. */
  admin: { email: string; password: string } | undefined
  rateLimit: { max: number; windowMs: number }
  /** The reverse proxies whose X-Forwarded-For names the client's address (TRUST_PROXY): see config/trust-proxy.ts. */
  trustProxy: TrustProxy
  bodyLimitBytes: number
  shutdownGraceMs: number
  /** The data-center location label of checks that select none. */
  defaultLocation: string
  /** Whether this instance runs the scheduler and the built-in runners (off: API only). */
  engineEnabled: boolean
  /** Runs executing at once in this instance. */
  engineConcurrency: number
  /** Outbound notifications: SMTP server (smtp[s]://user:pass@host:port) and HTTP SMS gateway. */
  smtp: { url: string | undefined; from: string }
  sms: { url: string | undefined; username: string | undefined; password: string | undefined; from: string | undefined }
  /** Source addresses of the runners by region, as the operator sets them (JSON maps of region to list). */
  staticIps: { ipv4: Record<string, string[]>; ipv6: Record<string, string[]> }
  /** Files of browser, multi-step and Playwright runs (traces, screenshots, reports): where, and for how many days. */
  artifacts: { dir: string; retentionDays: number }
  /** Public dashboards and status pages: base domains of their subdomains, and how long a computed view is reused. */
  sites: { dashboardDomain: string | null; statusPageDomain: string | null; cacheMs: number }
  /**
   * Browser, multi-step and Playwright runs: Debian's Chromium (CHROMIUM_PATH), runs at once in this instance
   * (BROWSER_CONCURRENCY, default 1 per 2 cores, at least 1), the memory of one run's process tree in MB, the
   * Playwright workers one suite run may use (BROWSER_WORKERS, default 2), and the npm installs of projects'
   * dependencies: kept under DEPENDENCY_CACHE_DIR (default: the runner's temporary folder, for as long as the
   * process runs), each limited to INSTALL_TIMEOUT_SECONDS (default 300), install scripts only with INSTALL_SCRIPTS=on.
   */
  browser: {
    chromiumPath: string
    concurrency: number
    memoryMb: number
    maxWorkers: number
    dependencyCacheDir: string | null
    installTimeoutMs: number
    allowInstallScripts: boolean
  }
  /**
   * Private locations: how long an agent holds a leased job before it is run again elsewhere (AGENT_LEASE_SECONDS,
   * default 300) and how long a location that had an agent may go without one before it is marked unavailable and
   * the account is alerted (PRIVATE_LOCATION_UNAVAILABLE_SECONDS, default 600).
   */
  privateLocations: { leaseMs: number; unavailableAfterMs: number }
  /** Roles, metrics, retention and egress: see config/operations.ts. */
  operations: OperationsConfig
  /** The key that seals secrets in the database, and previous keys still read: see config/secret-key.ts. */
  secretKey: SecretKeyConfig
  /** The model of agentic checks and root-cause analyses (AGENTIC_MODEL_URL, …): see config/agentic-model.ts; null when unset. */
  agenticModel: AgenticModelConfig | null
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the process writes to, which decides defaults that depend on who reads it. */
export interface Terminal {
  stdoutIsTty: boolean
}

export function loadConfig(env: Env = process.env, terminal: Terminal = { stdoutIsTty: process.stdout.isTTY === true }): Config {
  const problems: string[] = []
  const reader = envReader(env, problems)
  const { int, str, oneOf } = reader

  const port = int('PORT', 3000, 0, 65535)
  const host = str('HOST') ?? '0.0.0.0'
  const databaseUrl = str('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const redisUrl = str('REDIS_URL')
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://')
  const publicBaseUrl = (str('PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\//.test(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must start with http:// or https://')
  const logLevel = str('LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const logFormat = oneOf('LOG_FORMAT', ['json', 'pretty'], terminal.stdoutIsTty ? 'pretty' : 'json')
  const bootstrapAccountId = str('PICKET_ACCOUNT_ID')
  if (bootstrapAccountId && !UUID_RE.test(bootstrapAccountId)) problems.push('PICKET_ACCOUNT_ID must be a UUID')
  const bootstrapApiKey = str('PICKET_API_KEY')
  if (bootstrapApiKey && bootstrapApiKey.length < 16) problems.push('PICKET_API_KEY must be at least 16 characters')

  const adminEmail = str('PICKET_ADMIN_EMAIL')
  const adminPassword = env.PICKET_ADMIN_PASSWORD === undefined || env.PICKET_ADMIN_PASSWORD === '' ? undefined : env.PICKET_ADMIN_PASSWORD
  if (Boolean(adminEmail) !== Boolean(adminPassword)) problems.push('PICKET_ADMIN_EMAIL and PICKET_ADMIN_PASSWORD must be set together')
  const emailWhy = adminEmail ? emailProblem(adminEmail) : null
  if (emailWhy) problems.push(`PICKET_ADMIN_EMAIL ${emailWhy}`)
  const passwordWhy = adminPassword ? passwordProblem(adminPassword) : null
  if (passwordWhy) problems.push(`PICKET_ADMIN_PASSWORD ${passwordWhy}`)

  const regionMap = (name: string): Record<string, string[]> => {
    const raw = str(name)
    if (!raw) return {}
    try {
      const parsed: unknown = JSON.parse(raw)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
        return parsed as Record<string, string[]>
      }
    } catch {
      // reported below
    }
    problems.push(`${name} must be a JSON object mapping each region to a list of address strings`)
    return {}
  }

  const smtpUrl = str('SMTP_URL')
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://')
  const smsUrl = str('SMS_GATEWAY_URL')
  if (smsUrl && !/^https?:\/\//.test(smsUrl)) problems.push('SMS_GATEWAY_URL must start with http:// or https://')

  const domainSetting = (name: string): string | null => {
    const raw = str(name)?.toLowerCase().replace(/\.$/, '')
    if (raw === undefined) return null
    if (!/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(raw)) {
      problems.push(`${name} must be a host name such as dashboards.example.com (got "${raw}")`)
      return null
    }
    return raw
  }

  const dataDir = path.resolve(str('DATA_DIR') ?? './data')
  const operations = readOperations(reader, problems)
  const secretKey = readSecretKeys(env, problems, { dataDir, databaseUrl })
  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    sqliteSynchronous: oneOf('SQLITE_SYNCHRONOUS', ['full', 'normal'], 'full'),
    redisUrl,
    publicBaseUrl,
    logLevel,
    logFormat,
    bootstrapAccountId,
    bootstrapApiKey,
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined,
    rateLimit: { max: int('RATE_LIMIT_MAX', 600, 1, 1_000_000), windowMs: int('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000) },
    trustProxy: readTrustProxy(reader, problems),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    defaultLocation: str('DEFAULT_LOCATION') ?? DEFAULT_LOCATION,
    smtp: { url: str('SMTP_URL'), from: str('SMTP_FROM') ?? 'Picket <picket@localhost>' },
    sms: { url: str('SMS_GATEWAY_URL'), username: str('SMS_GATEWAY_USERNAME'), password: str('SMS_GATEWAY_PASSWORD'), from: str('SMS_FROM') },
    engineEnabled: operations.roles.engine,
    engineConcurrency: int('ENGINE_CONCURRENCY', 256, 1, 10_000),
    browser: {
      chromiumPath: str('CHROMIUM_PATH') ?? '/usr/bin/chromium',
      concurrency: int('BROWSER_CONCURRENCY', Math.max(1, Math.floor(os.availableParallelism() / 2)), 1, 64),
      memoryMb: int('BROWSER_MEMORY_MB', 2048, 256, 65_536),
      maxWorkers: int('BROWSER_WORKERS', 2, 1, 16),
      dependencyCacheDir: str('DEPENDENCY_CACHE_DIR') === undefined ? null : path.resolve(str('DEPENDENCY_CACHE_DIR') as string),
      installTimeoutMs: int('INSTALL_TIMEOUT_SECONDS', 300, 10, 3600) * 1000,
      allowInstallScripts: reader.oneOf('INSTALL_SCRIPTS', ['on', 'off'], 'off') === 'on',
    },
    staticIps: { ipv4: regionMap('STATIC_IPS_BY_REGION'), ipv6: regionMap('STATIC_IPV6S_BY_REGION') },
    sites: {
      dashboardDomain: domainSetting('DASHBOARD_DOMAIN'),
      statusPageDomain: domainSetting('STATUS_PAGE_DOMAIN'),
      cacheMs: int('PAGE_CACHE_MS', PAGE_CACHE_MS, 0, 3_600_000),
    },
    artifacts: { dir: path.resolve(str('ARTIFACTS_DIR') ?? path.join(dataDir, 'artifacts')), retentionDays: int('ARTIFACT_RETENTION_DAYS', ARTIFACT_RETENTION_DAYS, 1, 3650) },
    privateLocations: {
      leaseMs: int('AGENT_LEASE_SECONDS', AGENT_LEASE_MS / 1000, 1, 86_400) * 1000,
      unavailableAfterMs: int('PRIVATE_LOCATION_UNAVAILABLE_SECONDS', LOCATION_UNAVAILABLE_AFTER_MS / 1000, 1, 604_800) * 1000,
    },
    operations,
    secretKey,
    agenticModel: readAgenticModel(reader, problems),
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
