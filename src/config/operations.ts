/**
 * Operator settings: what an instance does (roles), its Prometheus endpoint, how long data is kept and
 * where checks may connect. Read once with the rest of the configuration (load.ts).
 */
import { isIP } from 'node:net'
import type { EnvReader } from './env-reader.js'

export interface OperationsConfig {
  /**
   * What this instance does. ROLES: `api` (the HTTP API, console and pages), `engine` (scheduler, built-in runners,
   * notifier and the other periodic work), or both (default); ENGINE=off is the same as ROLES=api. RUN_LOCATIONS:
   * the data-center locations whose runs this instance's runners take (default: all), so runners can be placed
   * in several regions.
   */
  roles: { api: boolean; engine: boolean; runLocations: string[] | null }
  /**
   * GET /metrics in the Prometheus format: METRICS=off removes it; METRICS_PORT serves it on a port of its own
   * (and not on the API port); METRICS_TOKEN requires `Authorization: Bearer <token>`.
   */
  metrics: { enabled: boolean; port: number | null; token: string | undefined }
  /**
   * Days kept before removal in small batches: raw check results and their logs and files (RESULT_RETENTION_DAYS,
   * 30; analytics roll-ups are kept), finished notifications, subscriber e-mails and alert history (NOTIFICATION_RETENTION_DAYS, 30), agent
   * error reports (AGENT_ERROR_RETENTION_DAYS, 30); rows per batch (RETENTION_BATCH_SIZE, 500).
   */
  retention: { resultDays: number; notificationDays: number; agentErrorDays: number; batchSize: number }
  /**
   * EGRESS_POLICY=public-only: check targets and script traffic may not reach loopback, private, link-local,
   * unique-local or cloud-metadata addresses (checked after DNS resolution, on every redirect); EGRESS_ALLOW lists
   * CIDRs that stay reachable anyway. Default `open` (a single team monitoring its own network): every address but
   * link-local and cloud metadata ones. EGRESS_DENY lists CIDRs denied under every policy. Picket's own services
   * are never reachable, whatever these say.
   */
  egress: { policy: 'open' | 'public-only'; allow: string[]; deny: string[] }
  /**
   * SANDBOX: `bwrap` (default) runs every piece of users' code in a bubblewrap box of its own (see
   * runners/sandbox/box.ts); when the box cannot start, such runs fail saying why. `off` runs users' code without a
   * box, for installations where every user is trusted and bubblewrap cannot run; it must be asked for by name.
   */
  sandbox: 'bwrap' | 'off'
  /**
   * MIGRATE_ON_START: `on` (default) applies pending schema migrations at start; `off` refuses to start while the
   * database is behind, for operators who run `picket migrate` as a separate step before a rollout.
   */
  migrateOnStart: boolean
}

const ROLE_NAMES = ['api', 'engine'] as const

/** `10.0.0.0/8`, `fd00::/8`, or a single address. */
export function isCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/')
  const family = isIP(address ?? '')
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128)
}

export function readOperations(r: EnvReader, problems: string[]): OperationsConfig {
  const roles = r.list('ROLES').map((s) => s.toLowerCase())
  const unknown = roles.filter((s) => !(ROLE_NAMES as readonly string[]).includes(s))
  if (unknown.length > 0) problems.push(`ROLES must list api and/or engine, comma-separated (got "${unknown.join(', ')}")`)
  const engineOff = r.oneOf('ENGINE', ['on', 'off'], 'on') === 'off'
  const api = roles.length === 0 || roles.includes('api')
  const engine = (roles.length === 0 || roles.includes('engine')) && !engineOff
  if (!api && !engine) problems.push('ROLES and ENGINE leave this instance nothing to do: it needs api, engine or both')
  const runLocations = r.list('RUN_LOCATIONS')
  const badLocation = runLocations.find((l) => !/^[a-z0-9-]{1,40}$/.test(l))
  if (badLocation !== undefined) problems.push(`RUN_LOCATIONS must list location codes such as eu-west-1 (got "${badLocation}")`)

  const metricsPort = r.str('METRICS_PORT') === undefined ? null : r.int('METRICS_PORT', 0, 0, 65535)
  const metricsToken = r.str('METRICS_TOKEN')
  if (metricsToken !== undefined && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters')

  const allow = r.list('EGRESS_ALLOW')
  const badCidr = allow.find((c) => !isCidr(c))
  if (badCidr !== undefined) problems.push(`EGRESS_ALLOW must list CIDRs such as 10.1.0.0/16 or addresses (got "${badCidr}")`)
  const deny = r.list('EGRESS_DENY')
  const badDeny = deny.find((c) => !isCidr(c))
  if (badDeny !== undefined) problems.push(`EGRESS_DENY must list CIDRs such as 10.9.0.0/16 or addresses (got "${badDeny}")`)

  return {
    roles: { api, engine, runLocations: runLocations.length > 0 ? runLocations : null },
    metrics: { enabled: r.oneOf('METRICS', ['on', 'off'], 'on') === 'on', port: metricsPort, token: metricsToken },
    retention: {
      resultDays: r.int('RESULT_RETENTION_DAYS', 30, 1, 3650),
      notificationDays: r.int('NOTIFICATION_RETENTION_DAYS', 30, 1, 3650),
      agentErrorDays: r.int('AGENT_ERROR_RETENTION_DAYS', 30, 1, 3650),
      batchSize: r.int('RETENTION_BATCH_SIZE', 500, 10, 100_000),
    },
    egress: { policy: r.oneOf('EGRESS_POLICY', ['open', 'public-only'], 'open'), allow, deny },
    sandbox: r.oneOf('SANDBOX', ['bwrap', 'off'], 'bwrap'),
    migrateOnStart: r.oneOf('MIGRATE_ON_START', ['on', 'off'], 'on') === 'on',
  }
}
