/**
 * Alert evaluation of a batch of FINAL results spanning checks and accounts (as the engine hands them over after a
 * pass): each account's settings and maintenance windows apply to its own checks only, one check's results are
 * stepped in their order, and instances evaluating overlapping batches at once alert each check once.
 */
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckResultRow } from '../../src/store/run-rows.js'
import { testDbs } from '../helpers/db.js'
import { MIN, startFlow, type Flow } from './alert-flow-kit.js'

type Json = Record<string, unknown>

describe.each(testDbs)('alert evaluation of a batch on $name', (db) => {
  let f: Flow
  let other: { accountId: string; headers: Record<string, string> }
  beforeAll(async () => {
    f = await startFlow(db)
    other = await f.t.otherAccount()
  })
  afterAll(async () => {
    await f.close()
  })

  const as =
    (headers?: Record<string, string>) =>
    async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, status = 200) => {
      const res = await f.t.call(method, url, body, headers)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status)
      return res.body === '' ? undefined : (res.json() as unknown)
    }
  const mine = as()
  const theirs = () => as(other.headers)

  /** A check of the account `call` speaks for, subscribed to a webhook channel of that account. */
  async function checkWithChannel(call: ReturnType<typeof as>, key: string, body: Json = {}): Promise<string> {
    const channel = (await call(
      'POST',
      '/v1/alert-channels',
      { type: 'WEBHOOK', config: { name: `hook ${key}`, url: 'http://127.0.0.1:9/hook', method: 'POST', webhookType: 'WEBHOOK' } },
      201,
    )) as { id: number }
    const check = (await call(
      'POST',
      '/v1/checks/api?autoAssignAlerts=false',
      {
        name: `check ${key}`,
        frequency: 1,
        activated: false,
        useGlobalAlertSettings: false,
        request: { method: 'GET', url: `${f.target.url}/t/${key}` },
        alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
        ...body,
      },
      201,
    )) as { id: string }
    return check.id
  }

  /** A FINAL result of a check as the engine writes it. */
  function result(accountId: string, checkId: string, status: 'failing' | 'passing', at: number, location = 'us-east-1', parallelTotal = 1): CheckResultRow {
    return {
      id: crypto.randomUUID(),
      account_id: accountId,
      check_id: checkId,
      check_type: 'API',
      sequence_id: crypto.randomUUID(),
      run_job_id: crypto.randomUUID(),
      attempt: 1,
      result_type: 'FINAL',
      location,
      status,
      has_failures: status === 'failing' ? 1 : 0,
      has_errors: 0,
      is_degraded: 0,
      over_max_response_time: 0,
      response_time: 5,
      error_kind: null,
      error_message: status === 'failing' ? 'boom' : null,
      status_code: status === 'failing' ? 500 : 200,
      scheduled_at: at,
      started_at: at,
      stopped_at: at,
      trigger: 'SCHEDULER',
      session_id: null,
      doc: JSON.stringify({ parallelTotal }),
      metrics: null,
      created_at: at,
    }
  }

  const alertTypes = async (call: ReturnType<typeof as>, checkId: string) =>
    ((await call('GET', `/v1/check-alerts/${checkId}?limit=100&from=${Math.floor((f.clock.now() - 60 * MIN) / 1000)}`)) as Json[]).map((a) => String(a.alertType)).reverse()
  /** The outbox rows queued for a check, of any channel. */
  const notified = async (checkId: string) =>
    Number((await sql<{ n: number | string }>`select count(*) as n from alert_notifications where check_id = ${checkId}`.execute(f.t.store.db)).rows[0]?.n)

  it('checks of two accounts in one batch: a window of one account silences its check only', async () => {
    const tag = `batch-${crypto.randomUUID().slice(0, 8)}`
    const now = f.clock.now()
    await mine(
      'POST',
      '/v1/maintenance-windows',
      { name: 'upgrade', tags: [tag], startsAt: new Date(now - 30 * MIN).toISOString(), endsAt: new Date(now + 90 * MIN).toISOString() },
      201,
    )
    // Both checks carry the tag: only the window's own account is in maintenance.
    const silenced = await checkWithChannel(mine, `${tag}-a`, { tags: [tag] })
    const alerted = await checkWithChannel(theirs(), `${tag}-b`, { tags: [tag] })
    const raised = await f.t.services.alerting.evaluateResults([result(f.t.accountId, silenced, 'failing', now), result(other.accountId, alerted, 'failing', now)])
    expect(raised.map((a) => [a.checkId, a.alertType])).toEqual([[alerted, 'ALERT_FAILURE']])
    expect(await alertTypes(mine, silenced)).toEqual([])
    expect(await alertTypes(theirs(), alerted)).toEqual(['ALERT_FAILURE'])
    expect([await notified(silenced), await notified(alerted)]).toEqual([0, 1])
  })

  it('results of one check in one batch are stepped in their order, whatever order they come in', async () => {
    const now = f.clock.now()
    const twice = await checkWithChannel(mine, 'twice', { alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 } } })
    const once = await checkWithChannel(theirs(), 'once')
    const rows = [
      result(f.t.accountId, twice, 'passing', now + 2 * MIN),
      result(other.accountId, once, 'failing', now),
      result(f.t.accountId, twice, 'failing', now + MIN),
      result(f.t.accountId, twice, 'failing', now),
    ]
    await f.t.services.alerting.evaluate(rows)
    expect(await alertTypes(mine, twice)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY'])
    expect(await alertTypes(theirs(), once)).toEqual(['ALERT_FAILURE'])
    expect([await notified(twice), await notified(once)]).toEqual([2, 1])
  })

  it('instances evaluating overlapping batches at once alert each check once', async () => {
    const locations = ['us-east-1', 'eu-west-1', 'ap-south-1', 'sa-east-1']
    const now = f.clock.now()
    const a = await checkWithChannel(mine, 'race-a', { runParallel: true, locations })
    const b = await checkWithChannel(theirs(), 'race-b', { runParallel: true, locations })
    // Each instance gets one location's result of both checks: a run is complete once all four are gathered.
    const batches = locations.map((location) => [result(f.t.accountId, a, 'failing', now, location, 4), result(other.accountId, b, 'failing', now, location, 4)])
    await Promise.all(batches.map((rows) => f.t.services.alerting.evaluate(rows)))
    expect(await alertTypes(mine, a)).toEqual(['ALERT_FAILURE'])
    expect(await alertTypes(theirs(), b)).toEqual(['ALERT_FAILURE'])
    expect([await notified(a), await notified(b)]).toEqual([1, 1])
  })

  it('checks of one service failing in one batch share one incident, beside a check that opens none', async () => {
    const now = f.clock.now()
    const serviceId = String(((await mine('POST', '/v1/status-pages/services', { name: 'Batch service' })) as Json).id)
    const trigger = (name: string) => ({ triggerIncident: { serviceId, severity: 'MAJOR', name, description: `${name}.`, notifySubscribers: false } })
    const first = await checkWithChannel(mine, 'svc-1', trigger('First is failing'))
    const second = await checkWithChannel(mine, 'svc-2', trigger('Second is failing'))
    const plain = await checkWithChannel(mine, 'svc-plain')
    const incidents = async () =>
      ((await mine('GET', '/v1/status-pages/incidents?limit=100')) as { entries: Array<Json & { services: Json[] }> }).entries
        .filter((i) => i.services.some((x) => x.id === serviceId))
        .map((i) => `${String(i.name)}: ${String(i.lastUpdateStatus)}`)
    const pass = async (status: 'failing' | 'passing', at: number) => f.t.services.alerting.evaluate([first, plain, second].map((id) => result(f.t.accountId, id, status, at)))
    await pass('failing', now)
    expect(await incidents()).toEqual(['First is failing: INVESTIGATING'])
    await pass('passing', now + MIN)
    expect(await incidents()).toEqual(['First is failing: RESOLVED'])
    for (const id of [first, second, plain]) expect(await alertTypes(mine, id)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY'])
  })
})
