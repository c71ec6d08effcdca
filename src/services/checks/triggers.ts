/**
 * CI/CD triggers: a secret token per check or group. Calling the trigger URL (no API key) runs the check, or every
 * check of the group in groupOrder with at most the group's concurrency at once, and answers with the outcome.
 */
import { randomBytes } from 'node:crypto'
import { toIso } from '../../lib/clock.js'
import { DomainError, NotFoundError } from '../../domain/errors.js'
import type { TriggerTarget } from '../../store/engine/triggers.js'

export type { TriggerTarget }
import type { CheckRecord } from '../../store/checks.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { RUNNABLE_TYPES, type CheckSessionService, type StartedSession } from './check-sessions.js'

type View = Record<string, unknown>

export interface TriggerOutcome {
  passed: boolean
  body: View
}

export interface TriggerService {
  get(accountId: string, target: TriggerTarget): Promise<View>
  /** Returns the trigger and whether it was created now (201) or existed (200). */
  create(accountId: string, target: TriggerTarget): Promise<{ created: boolean; view: View }>
  remove(accountId: string, target: TriggerTarget): Promise<void>
  /** Runs what the token points at; the target in the URL must match the token's. */
  call(target: TriggerTarget, token: string, maxWaitMs: number): Promise<TriggerOutcome>
}

const WINDOW_MS = 60_000
const CALLS_PER_WINDOW = 10

/** What the trigger service uses: the wiring hands it these stores and shared things and no others. */
export const triggerServiceUses = uses(['checks', 'checkGroups', 'triggers'], ['clock', 'publicBaseUrl'])
export type TriggerServiceDeps = DepsOf<typeof triggerServiceUses>

/** Records a trigger's runs as a test session (provider TRIGGER); the trigger adds each check's runs as it starts them. */
export interface TriggerRecorder {
  open(accountId: string, input: { name: string; provider: string; runSource: string }): Promise<{ id: string; add(check: CheckRecord, started: StartedSession): Promise<void> }>
}

export function triggerService(deps: TriggerServiceDeps, sessions: CheckSessionService, recorder?: TriggerRecorder): TriggerService {
  const { stores, clock } = deps
  const calls = new Map<string, number[]>()
  const present = (row: { id: number; token: string; check_id: string | null; group_id: number | null; created_at: number; called_at: number | null }): View => ({
    id: row.id,
    token: row.token,
    url: row.check_id ? `${deps.publicBaseUrl}/checks/${row.check_id}/trigger/${row.token}` : `${deps.publicBaseUrl}/check-groups/${String(row.group_id)}/trigger/${row.token}`,
    ...(row.check_id ? { checkId: row.check_id } : { groupId: row.group_id }),
    // The reference gives these as dates (YYYY-MM-DD, UTC).
    created_at: toIso(Number(row.created_at)).slice(0, 10),
    called_at: row.called_at === null ? null : toIso(Number(row.called_at)).slice(0, 10),
    updated_at: null,
  })
  const ensureTarget = async (accountId: string, t: TriggerTarget) => {
    const found = 'checkId' in t ? await stores.checks.get(accountId, t.checkId) : await stores.checkGroups.get(accountId, t.groupId)
    if (!found) throw new NotFoundError('checkId' in t ? 'Check' : 'Check group', 'checkId' in t ? t.checkId : t.groupId)
  }
  const limit = (token: string) => {
    const now = Date.now()
    const recent = (calls.get(token) ?? []).filter((t) => t > now - WINDOW_MS)
    if (recent.length >= CALLS_PER_WINDOW) throw new DomainError(429, `Trigger rate limit exceeded: ${CALLS_PER_WINDOW} calls per minute`)
    recent.push(now)
    calls.set(token, recent)
  }

  async function runAll(accountId: string, checks: CheckRecord[], concurrency: number, maxWaitMs: number, name: string): Promise<TriggerOutcome> {
    const deadline = Date.now() + maxWaitMs
    const record = await recorder?.open(accountId, { name, provider: 'TRIGGER', runSource: 'TRIGGER_RECORD' })
    const results: View[] = []
    const queue = [...checks]
    const worker = async () => {
      for (let check = queue.shift(); check; check = queue.shift()) {
        const started = await sessions.startRuns(accountId, check, 'TRIGGER_API')
        await record?.add(check, started)
        const sessionId = started.sessionId
        const { view } = await sessions.await(accountId, sessionId, Math.max(0, deadline - Date.now()))
        results.push(view)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, checks.length)) }, worker))
    const passed = results.every((r) => r.status === 'PASSED' || r.status === 'DEGRADED')
    const responseTime = results.reduce((m, r) => Math.max(m, Number(r.responseTime ?? 0)), 0)
    return { passed, body: { hasFailures: !passed, responseTime, checks: results.length, sessions: results, ...(record ? { testSessionId: record.id } : {}) } }
  }

  return {
    async get(accountId, target) {
      const row = await stores.triggers.get(accountId, target)
      if (!row) throw new NotFoundError('Trigger for', 'checkId' in target ? target.checkId : target.groupId)
      return present(row)
    },
    async create(accountId, target) {
      await ensureTarget(accountId, target)
      const existing = await stores.triggers.get(accountId, target)
      if (existing) return { created: false, view: present(existing) }
      const row = await stores.triggers.create(accountId, target, randomBytes(18).toString('base64url'), clock.now())
      return { created: true, view: present(row) }
    },
    async remove(accountId, target) {
      if (!(await stores.triggers.remove(accountId, target))) throw new NotFoundError('Trigger for', 'checkId' in target ? target.checkId : target.groupId)
    },
    async call(target, token, maxWaitMs) {
      const row = await stores.triggers.findByToken(token)
      const matches = row && ('checkId' in target ? row.check_id === target.checkId : row.group_id === target.groupId)
      if (!row || !matches) throw new NotFoundError('Trigger', token.slice(0, 4) + '…')
      limit(token)
      await stores.triggers.touch(row.id, clock.now())
      if (row.check_id) {
        const check = await stores.checks.get(row.account_id, row.check_id)
        if (!check) throw new NotFoundError('Check', row.check_id)
        return runAll(row.account_id, [check], 1, maxWaitMs, `${String(check.doc.name)} (trigger)`)
      }
      const groupId = Number(row.group_id)
      const group = await stores.checkGroups.get(row.account_id, groupId)
      if (!group) throw new NotFoundError('Check group', groupId)
      const members = (await stores.checks.list({ accountId: row.account_id, groupId, limit: 10_000, offset: 0 })).items
        .filter((c) => RUNNABLE_TYPES.has(c.checkType) && c.doc.activated !== false)
        .sort((a, b) => Number(a.doc.groupOrder ?? Number.MAX_SAFE_INTEGER) - Number(b.doc.groupOrder ?? Number.MAX_SAFE_INTEGER))
      return runAll(row.account_id, members, Number(group.doc.concurrency ?? 3), maxWaitMs, `${String(group.doc.name)} (trigger)`)
    },
  }
}
