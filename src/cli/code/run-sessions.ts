/**
 * Runs checks now through the service's run-now sessions (POST /v1/check-sessions/trigger) and waits for each to
 * finish (GET …/completion answers 408 while it runs), for `picket test` and `picket trigger`. The runs are the
 * service's own: its runners, its locations, private-location agents included. Tags that no check has start none.
 */
import type { ApiClient } from './api-client.js'
import { CliError } from './api-client.js'

export interface SessionResult {
  runLocation: string
  status: string
  responseTime: number
  errorKind: string | null
  error: string | null
  attempts: number
  resultType?: string
  /** An ICMP run's figures: its responseTime is the average round trip, often a fraction of a millisecond. */
  icmpCheckResult?: {
    response?: { packetLoss?: number | null; latency?: { avg?: number | null; min?: number | null; max?: number | null } | null } | null
  } | null
}

export interface SessionOutcome {
  checkSessionId: string
  checkId: string
  name: string | null
  checkType: string | null
  /** PASSED, FAILED, DEGRADED; TIMED_OUT when it did not finish in time. */
  status: string
  timeElapsed: number
  results: SessionResult[]
  /** The project's logical id of the check, when the caller knows it. */
  logicalId?: string
}

export type SessionTarget = { checkId: string[] } | { matchTags: string[][] }

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function runSessions(client: ApiClient, target: SessionTarget, timeoutSeconds: number, now: () => number = Date.now): Promise<SessionOutcome[]> {
  // The trigger takes at most 100 check ids at a time.
  const targets: SessionTarget[] = 'checkId' in target ? chunks(target.checkId, 100).map((checkId) => ({ checkId })) : [target]
  const sessions: SessionOutcome[] = []
  for (const t of targets) {
    // By tags, the service answers 404 when no check it can run has them: there is no session to wait for.
    const ok = (status: number) => (status >= 200 && status < 300) || (status === 404 && 'matchTags' in t)
    const answer = await client.call<{ sessions: SessionOutcome[] }>('POST', '/v1/check-sessions/trigger', { target: t }, ok)
    if (answer.status !== 404) sessions.push(...answer.body.sessions)
  }
  const deadline = now() + timeoutSeconds * 1000
  return Promise.all(sessions.map((s) => awaitSession(client, s, deadline, now)))
}

/**
 * Waits on a completion route (`…/completion`, which answers 408 while the work runs) until it answers 200 or the
 * deadline passes: its body, or null at the deadline.
 */
export async function awaitCompletion<T>(client: ApiClient, completionPath: string, deadline: number, now: () => number): Promise<T | null> {
  for (;;) {
    const left = Math.ceil((deadline - now()) / 1000)
    if (left <= 0) return null
    const wait = Math.max(1, Math.min(30, left))
    const answer = await client.call<T>('GET', `${completionPath}?maxWaitSeconds=${wait}`, undefined, (s) => s === 200 || s === 408)
    if (answer.status === 200) return answer.body
    if (answer.status !== 408) throw new CliError(`unexpected answer ${answer.status} while waiting for a run`)
    await sleep(10)
  }
}

async function awaitSession(client: ApiClient, session: SessionOutcome, deadline: number, now: () => number): Promise<SessionOutcome> {
  const done = await awaitCompletion<SessionOutcome>(client, `/v1/check-sessions/${session.checkSessionId}/completion`, deadline, now)
  if (done) return done
  const last = (await client.call<SessionOutcome>('GET', `/v1/check-sessions/${session.checkSessionId}`)).body
  return { ...last, status: 'TIMED_OUT' }
}

export const sessionPassed = (s: SessionOutcome): boolean => s.status === 'PASSED' || s.status === 'DEGRADED'

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`)

/** Three significant figures: round trips to a near host take hundredths of a millisecond. */
const roundTrip = (n: number) => String(Number(n.toPrecision(3)))

/** What a location's run took: for a ping its round trips and packet loss, for the rest its response time. */
function figure(r: SessionResult): string {
  const response = r.icmpCheckResult?.response
  if (!response || typeof response.packetLoss !== 'number') return ms(r.responseTime)
  const loss = `${response.packetLoss}% packet loss`
  const { avg, min, max } = response.latency ?? {}
  if (typeof avg !== 'number') return loss
  const spread = typeof min === 'number' && typeof max === 'number' ? ` (min ${roundTrip(min)}, max ${roundTrip(max)})` : ''
  return `avg ${roundTrip(avg)} ms${spread}, ${loss}`
}

/** The readable report: a line per check and location, the error under a failed one, and a total. */
export function formatSessions(outcomes: SessionOutcome[]): string {
  const lines: string[] = []
  for (const o of outcomes) {
    const mark = o.status === 'PASSED' ? '✔' : o.status === 'DEGRADED' ? '!' : '✖'
    const label = `${o.name ?? o.checkId}${o.logicalId ? ` (${o.logicalId})` : ''}`
    const finals = o.results.filter((r) => r.resultType === undefined || r.resultType === 'FINAL')
    const where = finals.map((r) => `${r.runLocation} ${figure(r)}`).join('; ')
    lines.push(`${mark} ${label}  ${o.status}${where ? `  ${where}` : ''}`)
    for (const r of finals) if (r.status === 'failing' && r.error) lines.push(`    ${r.runLocation}: ${r.errorKind ?? 'ERROR'}: ${r.error.split('\n')[0]}`)
    if (o.status === 'TIMED_OUT') lines.push('    did not finish in time (--timeout); is a runner serving its locations?')
  }
  const failed = outcomes.filter((o) => !sessionPassed(o)).length
  lines.push('', `${outcomes.length} check${outcomes.length === 1 ? '' : 's'}: ${outcomes.length - failed} passed, ${failed} failed`)
  return lines.join('\n')
}
