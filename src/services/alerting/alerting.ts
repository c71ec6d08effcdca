/** Alerting: turns final results into alerts (state machine, escalation, reminders, incidents) and records them. */
import type { AlertRecord } from '../../alerting/types.js'
import { NotFoundError } from '../../domain/errors.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import { fromAlertRow } from './alert-records.js'
import { evaluateBatch, planCheck, type BatchItem } from './alerting-batch.js'
import { changesNothing, evaluateCheck } from './alerting-evaluate.js'
import { contextLoader } from './alerting-context.js'
import { sendDueReminders } from './alerting-reminders.js'
import { alertWindow, presentCheckAlert, type CheckAlertView } from './alerting-view.js'
import { uses, type DepsOf } from '../resource-deps.js'

export interface AlertListQuery {
  limit: number
  page: number
  /** UNIX seconds, inclusive (default: now − 6 h, or to − 6 h). */
  from?: number | undefined
  /** UNIX seconds, exclusive (default: from + 6 h, or now when neither is given). */
  to?: number | undefined
  checkId?: string | undefined
}

export interface AlertingService {
  /** Evaluates FINAL results (from the engine, or heartbeat pings and deadlines) in order. */
  evaluate(rows: CheckResultRow[]): Promise<void>
  /** Like evaluate, returning the alerts raised. */
  evaluateResults(rows: CheckResultRow[]): Promise<AlertRecord[]>
  /** The periodic reminder job: raises the reminders that are due; returns how many. */
  sendDueReminders(): Promise<number>
  /** Check alerts of an account (or of one of its checks), newest first. */
  listAlerts(accountId: string, q: AlertListQuery): Promise<{ items: CheckAlertView[]; total: number }>
}

/** What the alerting service uses: the wiring hands it these stores and shared things and no others. */
export const alertingServiceUses = uses(
  [
    'alerts',
    'checks',
    'checkGroups',
    'accountSettings',
    'maintenanceWindows',
    'maintenances',
    'alertSubscriptions',
    'alertChannels',
    'notifications',
    // A failure alert may open an incident on a status page service (triggerIncident), which e-mails its subscribers.
    'statusPages',
    'statusPageServices',
    'statusPageIncidents',
    'statusPageIncidentUpdates',
    'statusPageSubscriptions',
    'statusPageEmails',
  ],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type AlertingServiceDeps = DepsOf<typeof alertingServiceUses>

export function alertingService(deps: AlertingServiceDeps): AlertingService {
  const service: AlertingService = {
    async evaluate(rows) {
      await service.evaluateResults(rows)
    },
    async evaluateResults(rows) {
      const byCheck = new Map<string, CheckResultRow[]>()
      const finals = rows.filter((r) => r.result_type === 'FINAL').sort((a, b) => Number(a.started_at) - Number(b.started_at))
      for (const r of finals) byCheck.set(r.check_id, [...(byCheck.get(r.check_id) ?? []), r])
      const failures: unknown[] = []
      // Most results are passing runs of passing checks: one query tells which checks need no transaction at all.
      const states = new Map((await deps.stores.alerts.getStates([...byCheck.keys()])).map((r) => [r.check_id, r]))
      const busy = [...byCheck].filter(([checkId, checkRows]) => !changesNothing(checkRows, states.get(checkId)?.state, states.get(checkId)?.incident_id))
      // Checks, groups, account settings and maintenance windows are read once per batch, before the transactions.
      const loader = contextLoader(deps.stores)
      await loader.preload(busy.map(([checkId]) => checkId))
      const now = deps.clock.now()
      const items: BatchItem[] = []
      for (const [checkId, checkRows] of busy) {
        const ctx = await loader.load((checkRows[0] as CheckResultRow).account_id, checkId, now)
        if (ctx) items.push({ ctx, rows: checkRows, stored: states.get(checkId) })
      }
      // The checks that touch no incident in one transaction; the others, and all of them if the batch rolled back,
      // each in its own.
      const batch = items.map((i) => planCheck(i, now)).filter((p) => !p.touchesIncident)
      const byBatch = batch.length > 0 ? await evaluateBatch(deps, batch, now) : null
      const done = new Set(byBatch ? batch.map((p) => p.item) : [])
      const raisedBy = byBatch ?? new Map<string, AlertRecord[]>()
      for (const item of items) {
        if (done.has(item)) continue
        // One check's failure must not keep the others from being evaluated.
        await evaluateCheck(deps, item.ctx, item.rows, now).then(
          (r) => raisedBy.set(item.ctx.check.id, r),
          (err: unknown) => failures.push(err),
        )
      }
      if (failures.length === 1) throw failures[0]
      if (failures.length > 1) throw new AggregateError(failures, `alert evaluation failed for ${failures.length} checks`)
      return items.flatMap((i) => raisedBy.get(i.ctx.check.id) ?? [])
    },
    sendDueReminders: async () => (await sendDueReminders(deps)).length,
    async listAlerts(accountId, q) {
      if (q.checkId !== undefined && !(await deps.stores.checks.get(accountId, q.checkId))) throw new NotFoundError('Check', q.checkId)
      const { from, to } = alertWindow(q, deps.clock.now())
      const { items, total } = await deps.stores.alerts.listAlerts({ accountId, checkId: q.checkId, from, to, limit: q.limit, offset: (q.page - 1) * q.limit })
      return { items: items.map((r) => presentCheckAlert(fromAlertRow(r))), total }
    },
  }
  return service
}
