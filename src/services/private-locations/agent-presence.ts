/**
 * Private-location agents as the service sees them: authentication by `pl_` key, lastSeen per agent
 * and location, heartbeats, the errors agents report (scrubbed of secrets before they are stored) and the
 * location's queue metrics.
 */
import { scrubSecrets } from '../../domain/scrub-secrets.js'
import { NotFoundError } from '../../domain/errors.js'
import { toIso } from '../../lib/clock.js'
import { hashSecret, isUuid, newId } from '../../lib/ids.js'
import type { AgentCaller } from './agent-jobs.js'
import { uses, type DepsOf } from '../resource-deps.js'

const MAX_TEXT = 8_192
/**
 * Every agent request proves the agent alive, but writing that down each time cost a write per lease poll, upload
 * and result (a third of the service's work per agent run in bench/agent-throughput.ts): an instance records an
 * agent's visit at most this often (heartbeats, every 30 s, always write).
 */
export const SEEN_WRITE_MS = 5_000

export interface AgentErrorReport {
  message: string
  stack: string
  agentVersion: string
  platform: string
  runtimeVersion: string
}

export interface AgentErrorView extends AgentErrorReport {
  id: string
  agentId: string
  created_at: string
}

export interface PrivateLocationMetrics {
  timestamps: string[]
  queueSize: number[]
  /** Milliseconds the oldest queued run has waited since it was due. */
  oldestScheduledCheckRun: number[]
}

export interface AgentPresenceService {
  /** The caller of a `pl_` key (recording the agent as seen), or null for an unknown key. */
  authenticate(rawKey: string, agent: { agentId: string; version: string }): Promise<AgentCaller | null>
  /** Records the agent alive; `leaving`: it stops, and no longer counts as connected. */
  heartbeat(caller: AgentCaller, jobsInFlight: number, leaving?: boolean): Promise<{ serverTime: string }>
  reportError(caller: AgentCaller, report: AgentErrorReport): Promise<void>
  listErrors(accountId: string, locationId: string, page: { limit: number; page: number }): Promise<{ items: AgentErrorView[]; total: number }>
  metrics(accountId: string, locationId: string): Promise<PrivateLocationMetrics>
}

const bounded = (text: string): string => scrubSecrets(text.slice(0, MAX_TEXT))

/** What the agent presence service uses: the wiring hands it these stores and shared things and no others. */
export const agentPresenceServiceUses = uses(['jobs', 'privateLocationAgents', 'privateLocationKeys', 'privateLocations'], ['clock'])
export type AgentPresenceServiceDeps = DepsOf<typeof agentPresenceServiceUses>

export function agentPresenceService(r: AgentPresenceServiceDeps): AgentPresenceService {
  const { stores, clock } = r

  const written = new Map<string, number>()
  async function seen(caller: AgentCaller, jobsInFlight: number | null, leaving = false): Promise<void> {
    const now = clock.now()
    const key = `${caller.locationId}/${caller.agentId}/${caller.version}`
    if (jobsInFlight === null && now - (written.get(key) ?? -Infinity) < SEEN_WRITE_MS) return
    if (written.size > 10_000) for (const [k, at] of written) if (now - at >= SEEN_WRITE_MS) written.delete(k)
    written.set(key, now)
    await stores.privateLocationAgents.seen(
      { location_id: caller.locationId, agent_id: caller.agentId, account_id: caller.accountId, version: caller.version, last_seen_at: now, jobs_in_flight: jobsInFlight ?? 0 },
      { keepJobs: jobsInFlight === null, leaving },
    )
  }

  async function location(accountId: string, id: string) {
    const record = isUuid(id) ? await stores.privateLocations.get(accountId, id) : undefined
    if (!record) throw new NotFoundError('Private location', id)
    return record
  }

  return {
    async authenticate(rawKey, agent) {
      const key = await stores.privateLocationKeys.findByHash(hashSecret(rawKey))
      if (!key) return null
      const record = await stores.privateLocations.get(key.account_id, key.location_id)
      if (!record) return null
      const caller: AgentCaller = { accountId: key.account_id, locationId: key.location_id, slugName: String(record.doc.slugName), ...agent }
      await seen(caller, null)
      return caller
    },

    async heartbeat(caller, jobsInFlight, leaving = false) {
      await seen(caller, jobsInFlight, leaving)
      return { serverTime: toIso(clock.now()) }
    },

    async reportError(caller, report) {
      await stores.privateLocationAgents.insertError({
        id: newId(),
        account_id: caller.accountId,
        location_id: caller.locationId,
        agent_id: caller.agentId,
        message: bounded(report.message),
        stack: bounded(report.stack),
        agent_version: bounded(report.agentVersion),
        platform: bounded(report.platform),
        runtime_version: bounded(report.runtimeVersion),
        created_at: clock.now(),
      })
    },

    async listErrors(accountId, locationId, page) {
      await location(accountId, locationId)
      const { items, total } = await stores.privateLocationAgents.listErrors(accountId, locationId, { limit: page.limit, offset: (page.page - 1) * page.limit })
      return {
        total,
        items: items.map((e) => ({
          id: e.id,
          agentId: e.agent_id,
          message: e.message,
          stack: e.stack,
          agentVersion: e.agent_version,
          platform: e.platform,
          runtimeVersion: e.runtime_version,
          created_at: toIso(e.created_at),
        })),
      }
    },

    async metrics(accountId, locationId) {
      await location(accountId, locationId)
      const now = clock.now()
      const { queued, oldestDueAt } = await stores.jobs.queueOf(locationId, now)
      return { timestamps: [toIso(now)], queueSize: [queued], oldestScheduledCheckRun: [oldestDueAt === null ? 0 : now - oldestDueAt] }
    },
  }
}
