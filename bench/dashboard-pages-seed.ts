/**
 * Seeding for bench/dashboard-pages.ts: one account with N checks (API, URL and TCP mixed, tagged, half of them in
 * groups), each with `days` of FINAL results every `everyMinutes` from two locations (a deterministic
 * pseudo-random source, so every run seeds the same data), the checks' statuses from their latest runs, and the
 * results folded by the service's roll-up job.
 */
import type { Store } from '../src/store/db.js'
import { buildStores } from '../src/store/all-stores.js'
import type { Services } from '../src/services/index.js'
import type { CheckResultRow } from '../src/store/run-rows.js'
import { round } from './lib.js'

export const LOCATIONS = ['us-east-1', 'eu-west-1']
const DAY = 86_400_000
const SERVICES = ['checkout', 'search', 'login', 'catalog', 'payments', 'inventory', 'shipping', 'accounts', 'images', 'notify', 'billing', 'reviews']
/** Six API checks in ten, three URL monitors, one TCP check. */
const TYPES = ['API', 'API', 'URL', 'API', 'TCP', 'API', 'URL', 'API', 'URL', 'API'] as const
type CheckType = (typeof TYPES)[number]
export const GROUPS = 20

let state = 42
/** Starts the pseudo-random source again, so that each database gets the same data. */
export const resetRandom = (): void => {
  state = 42
}
const rnd = () => ((state = (state * 1103515245 + 12345) % 2 ** 31), state / 2 ** 31)
const normal = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd())
const logNormal = (mu: number, sigma: number) => Math.exp(mu + sigma * normal())

interface SeededCheck {
  id: string
  type: CheckType
  /** Log of the typical time to first byte (API, URL) or connection time (TCP). */
  mu: number
  failRate: number
  /** Offset of its runs within the interval, so that checks do not all start at the same instant. */
  phase: number
  /** A new check that has not run yet. */
  pending: boolean
}

/** Tags of check i: its environment, team and service, plus the tags of the 10- and 100-check dashboards. */
export function tagsOf(i: number): string[] {
  const tags = [i % 5 === 4 ? 'staging' : 'prod', `team-${i % GROUPS}`, SERVICES[i % SERVICES.length] as string]
  if (i < 10) tags.push('first-10')
  if (i < 100) tags.push('first-100')
  return tags
}

export async function createChecks(services: Services, accountId: string, n: number, everyMinutes: number): Promise<SeededCheck[]> {
  const groups: number[] = []
  for (let g = 0; g < GROUPS; g++) groups.push(Number((await services.checkGroups.create(accountId, { name: `Team ${g}` }, { autoAssignAlerts: false })).id))
  const checks: SeededCheck[] = []
  for (let i = 0; i < n; i++) {
    const type = TYPES[i % TYPES.length] as CheckType
    const service = SERVICES[i % SERVICES.length] as string
    const name = `${service} ${type === 'TCP' ? 'database' : type === 'URL' ? 'site' : 'api'} ${String(i).padStart(4, '0')}`
    const request = type === 'TCP' ? { hostname: `db-${i}.example.test`, port: 5432 } : { url: `https://${service}-${i}.example.test/health` }
    const body: Record<string, unknown> = { name, activated: true, frequency: everyMinutes, tags: tagsOf(i), request }
    // Half of the checks are in a group (the group name shows on the dashboard).
    if (i % 2 === 0) body.groupId = groups[(i / 2) % GROUPS]
    const created = await services.checks.create(accountId, type.toLowerCase(), body, { autoAssignAlerts: false })
    const r = rnd()
    checks.push({
      id: String(created.id),
      type,
      mu: 2.5 + rnd() * 3.5,
      failRate: r < 0.85 ? 0.002 : r < 0.95 ? 0.02 : r < 0.99 ? 0.1 : 0.6,
      phase: Math.floor(rnd() * everyMinutes * 60_000),
      pending: i % 100 === 99,
    })
  }
  return checks
}

function result(accountId: string, c: SeededCheck, location: string, startedAt: number): CheckResultRow {
  const failing = rnd() < c.failRate
  let metrics: Record<string, number>
  let total: number
  if (c.type === 'TCP') {
    const dns = round(logNormal(1, 0.5), 2)
    const connection = round(logNormal(c.mu - 1, 0.4), 2)
    const data = round(logNormal(0.5, 0.6), 2)
    total = round(dns + connection + data, 2)
    metrics = { total, dns, connection, data }
  } else {
    const phases = {
      wait: round(rnd() * 2, 2),
      dns: round(logNormal(1, 0.5), 2),
      tcp: round(logNormal(2.5, 0.4), 2),
      firstByte: round(logNormal(c.mu, 0.5), 2),
      download: round(logNormal(1, 0.8), 2),
    }
    total = round(phases.wait + phases.dns + phases.tcp + phases.firstByte + phases.download, 2)
    metrics = { responseTime: total, ...phases }
  }
  const status = failing ? 'failing' : total > 500 ? 'degraded' : 'passing'
  const statusCode = c.type === 'TCP' ? null : failing ? (rnd() < 0.5 ? 503 : null) : 200
  const doc =
    c.type === 'TCP'
      ? {
          assertions: [{ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '1000', actual: total, passed: !failing }],
          timingPhases: metrics,
          details: { response: { data: '' } },
          jobLog: [],
        }
      : {
          assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', actual: statusCode, passed: !failing }],
          timingPhases: { ...metrics, total },
          details: { response: { status: statusCode, statusText: failing ? 'Service Unavailable' : 'OK', headers: { 'content-type': 'application/json' }, body: '{"ok":true}' } },
          jobLog: [],
        }
  return {
    id: crypto.randomUUID(),
    account_id: accountId,
    check_id: c.id,
    check_type: c.type,
    sequence_id: crypto.randomUUID(),
    run_job_id: crypto.randomUUID(),
    attempt: failing ? 2 : 1,
    result_type: 'FINAL',
    location,
    status,
    has_failures: failing ? 1 : 0,
    has_errors: 0,
    is_degraded: status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: total,
    error_kind: failing ? 'NETWORK' : null,
    error_message: failing ? 'connect ECONNREFUSED 10.0.0.1:443' : null,
    status_code: statusCode,
    scheduled_at: startedAt,
    started_at: startedAt,
    stopped_at: startedAt + Math.round(total),
    trigger: 'SCHEDULER',
    session_id: null,
    doc: JSON.stringify(doc),
    metrics: JSON.stringify(metrics),
    created_at: startedAt + Math.round(total) + 150,
  }
}

/**
 * Results in the order the engine stores them (time first, all checks at each interval), in transactions of
 * 5,000 rows; then each check's status from its latest run. Returns the number of results.
 */
export async function seedResults(
  store: Store,
  accountId: string,
  checks: SeededCheck[],
  now: number,
  days: number,
  everyMinutes: number,
  progress: (n: number) => void,
): Promise<number> {
  const every = everyMinutes * 60_000
  const end = now - 120_000
  const latest = new Map<string, CheckResultRow>()
  let batch: CheckResultRow[] = []
  let n = 0
  const flush = async () => {
    const rows = batch
    batch = []
    await store.db.transaction().execute((trx) => buildStores({ db: trx, dialect: store.dialect }).results.insertMany(rows))
    n += rows.length
    progress(n)
  }
  for (let t = now - days * DAY; t < end; t += every) {
    for (const c of checks) {
      if (c.pending) continue
      LOCATIONS.forEach((location, li) => {
        const at = t + c.phase + li * 7_000
        if (at >= end) return
        const row = result(accountId, c, location, at)
        batch.push(row)
        latest.set(c.id, row)
      })
    }
    if (batch.length >= 5000) await flush()
  }
  if (batch.length > 0) await flush()
  await buildStores(store).results.applyStatuses([...latest.values()])
  return n
}

/** Folds every stored result with the service's roll-up job, as its periodic round does. */
export async function rollUpAll(services: Services, progress: (n: number) => void): Promise<number> {
  let rolled = 0
  for (let n = -1; n !== 0;) {
    n = await services.analyticsRollup.rollUp(50)
    rolled += n
    progress(rolled)
  }
  return rolled
}
