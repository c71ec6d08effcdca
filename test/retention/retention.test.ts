/**
 * Data retention on both databases: old rows of every kind go in batches over several passes, recent rows,
 * notifications and e-mails still owed and each check's latest result stay (the alert history goes with notifications), nothing goes before the roll-up has folded it in,
 * and analytics of a window older than the retention answer the same from the roll-ups afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores, type Stores } from '../../src/store/all-stores.js'
import type { NotificationRow, NotificationStatus } from '../../src/store/alerting/notifications.js'
import type { HeartbeatEventRow } from '../../src/store/heartbeats.js'
import type { StatusPageEmailRow, StatusPageEmailStatus } from '../../src/store/status-page-emails.js'
import { DAY_MS, retentionService, type RetentionService } from '../../src/services/retention.js'
import type { RetentionKind } from '../../src/store/retention.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow } from '../helpers/result-rows.js'

const NOW = Date.UTC(2026, 2, 2, 12) // 30 days of retention reach back to 2026-01-31 12:00
const OLD_DAY = Date.UTC(2026, 0, 21) // a whole day entirely older than the retention
const OLD = OLD_DAY + 3_600_000
const RECENT = NOW - 3_600_000
const unix = (ms: number) => String(Math.floor(ms / 1000))
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`)

const notification = (accountId: string, checkId: string, id: string, status: NotificationStatus, createdAt: number): NotificationRow => ({
  id,
  account_id: accountId,
  alert_id: id,
  check_id: checkId,
  channel_id: 1,
  channel_type: 'WEBHOOK',
  status,
  attempts: 1,
  next_attempt_at: null,
  leased_by: null,
  lease_until: null,
  last_error: null,
  response_status: 200,
  result: null,
  payload: '{}',
  created_at: createdAt,
  sent_at: null,
})

const pingEvent = (accountId: string, checkId: string, id: string, createdAt: number): HeartbeatEventRow => ({
  id,
  account_id: accountId,
  check_id: checkId,
  type: 'PING',
  state: 'RECEIVED',
  method: 'GET',
  source: null,
  user_agent: null,
  body: null,
  duration_ms: null,
  result_id: null,
  created_at: createdAt,
})

const TABLES: Record<RetentionKind, string> = {
  results: 'check_results',
  runSkips: 'run_skips',
  heartbeatEvents: 'heartbeat_events',
  sessions: 'check_sessions',
  testSessionRuns: 'test_session_runs',
  testSessions: 'test_sessions',
  runCancellations: 'run_cancellations',
  testSessionErrorGroups: 'test_session_error_groups',
  notifications: 'alert_notifications',
  statusPageEmails: 'status_page_emails',
  alerts: 'check_alerts',
  agentErrors: 'private_location_agent_errors',
  vendorDeployments: 'vendor_deployments',
  rootCauseAnalyses: 'root_cause_analyses',
}

const email = (accountId: string, pageId: string, id: string, status: StatusPageEmailStatus, createdAt: number): StatusPageEmailRow => ({
  id,
  account_id: accountId,
  status_page_id: pageId,
  subscription_id: 'sub-1',
  address: 'a@example.test',
  kind: 'INCIDENT',
  status,
  attempts: 1,
  next_attempt_at: null,
  leased_by: null,
  lease_until: null,
  last_error: null,
  message: '{}',
  created_at: createdAt,
  sent_at: null,
})

describe.each(testDbs)('data retention ($name)', (db) => {
  let t: TestApp
  let stores: Stores
  let retention: RetentionService
  let busy: string // a check that keeps running: 35 old results, 3 recent
  let idle: string // a check deactivated long ago: its only (old) result is its latest
  let idleLatestId: string
  const clock = new FakeClock(NOW)
  const count = async (kind: RetentionKind) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(TABLES[kind])}`.execute(t.store.db)).rows[0]?.n)
  const analytics = (q: string) => t.call('GET', `/v1/analytics/api-checks/${busy}?${q}`)
  const OLD_WINDOWS = [
    `metrics=responseTime_avg,responseTime_p95,availability,retries&from=${unix(OLD_DAY)}&to=${unix(OLD_DAY + DAY_MS)}`,
    `metrics=responseTime_avg,availability&aggregationInterval=60&from=${unix(OLD_DAY)}&to=${unix(OLD_DAY + DAY_MS)}`,
    `metrics=responseTime_max,availability&aggregationInterval=5&groupBy=runLocation&from=${unix(OLD)}&to=${unix(OLD + 3_600_000)}`,
  ]

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    stores = buildStores(t.store)
    retention = retentionService({ stores, clock, pause: async () => undefined }, { batchSize: 10, batchesPerPass: 2 })
    const create = async (name: string) => (await t.call('POST', '/v1/checks/api', { name, activated: false, request: { url: 'https://example.test/' } })).json().id as string
    busy = await create('Busy')
    idle = await create('Idle')
    const old = Array.from({ length: 35 }, (_, i) =>
      finalResultRow(
        t.accountId,
        busy,
        { location: i % 2 ? 'eu-west-1' : 'us-east-1', startedAt: OLD + i * 60_000, status: i % 7 === 0 ? 'failing' : 'passing', responseTime: 100 + i },
        i,
      ),
    )
    const recent = [0, 1, 2].map((i) => finalResultRow(t.accountId, busy, { location: 'us-east-1', startedAt: RECENT + i * 60_000, status: 'passing', responseTime: 50 }, 100 + i))
    const idleRow = finalResultRow(t.accountId, idle, { location: 'us-east-1', startedAt: OLD, status: 'passing', responseTime: 80 }, 200)
    idleLatestId = idleRow.id
    await stores.results.insertMany([...old, ...recent, idleRow])
    await stores.results.applyStatuses([...old, ...recent, idleRow])

    await stores.heartbeats.insertEvents([...ids(35, 'ev-old').map((id) => pingEvent(t.accountId, busy, id, OLD)), pingEvent(t.accountId, busy, 'ev-new', RECENT)])
    for (const [id, at] of [
      ['s-old', OLD],
      ['s-new', RECENT],
    ] as const) {
      await stores.sessions.insert({ id, account_id: t.accountId, check_id: busy, run_source: 'TRIGGER', expected_runs: 1, created_at: at })
    }
    await stores.notifications.insertMany([
      ...ids(12, 'n-ok').map((id) => notification(t.accountId, busy, id, 'SUCCESS', OLD)),
      ...ids(3, 'n-failed').map((id) => notification(t.accountId, busy, id, 'FAILURE', OLD)),
      ...(['PENDING', 'IN_PROGRESS', 'RATE_LIMITED'] as const).map((s) => notification(t.accountId, busy, `n-owed-${s}`, s, OLD)),
      notification(t.accountId, busy, 'n-recent', 'SUCCESS', RECENT),
    ])
    const service = (await t.call('POST', '/v1/status-pages/services', { name: 'Core' })).json() as { id: string }
    const page = await t.call('POST', '/v1/status-pages', { name: 'Page', url: 'retention-page', cards: [{ name: 'Core', services: [service.id] }] })
    expect(page.statusCode, page.body).toBe(201)
    const pageId = page.json().id as string
    await stores.statusPageEmails.insertMany([
      ...ids(8, 'm-sent').map((id) => email(t.accountId, pageId, id, 'SENT', OLD)),
      ...ids(2, 'm-failed').map((id) => email(t.accountId, pageId, id, 'FAILURE', OLD)),
      ...ids(2, 'm-skipped').map((id) => email(t.accountId, pageId, id, 'SKIPPED', OLD)),
      ...(['PENDING', 'IN_PROGRESS'] as const).map((s) => email(t.accountId, pageId, `m-owed-${s}`, s, OLD)),
      email(t.accountId, pageId, 'm-recent', 'SENT', RECENT),
    ])
    for (const [id, at] of [...ids(25, 'a-old').map((id) => [id, OLD] as const), ['a-new', RECENT] as const]) {
      await stores.alerts.insertAlert({
        id,
        account_id: t.accountId,
        check_id: busy,
        alert_type: 'ALERT_FAILURE',
        check_type: 'API',
        name: 'Busy',
        run_location: 'us-east-1',
        response_time: 100,
        error: 'boom',
        status_code: '500',
        result_id: null,
        started_at: at,
        created_at: at,
        is_reminder: 0,
        reminder_sequence: 0,
        ssl_domain: null,
        ssl_days_remaining: null,
      })
    }
    for (const [id, at] of [...ids(35, 'e-old').map((id) => [id, OLD] as const), ['e-new', RECENT] as const]) {
      await stores.privateLocationAgents.insertError({
        id,
        account_id: t.accountId,
        location_id: 'loc',
        agent_id: 'agent-1',
        message: 'boom',
        stack: '',
        agent_version: '1',
        platform: 'linux',
        runtime_version: '20',
        created_at: at,
      })
    }
    await stores.runSkips.insertMany(
      [...ids(25, 'k-old').map((id) => [id, OLD] as const), ['k-new', RECENT] as const].map(([id, at]) => ({
        id,
        account_id: t.accountId,
        check_id: busy,
        location: 'eu-west-1',
        private_location_id: null,
        scheduled_at: at,
        skipped_at: at,
        created_at: at,
      })),
    )
    for (const [id, at] of [...ids(3, 'd-old').map((id) => [id, OLD] as const), ['d-new', RECENT] as const]) {
      await sql`insert into vendor_deployments (id, account_id, project_logical_id, operation, status, result, error, created_at, finished_at)
        values (${id}, ${t.accountId}, ${'shop'}, ${'DEPLOY'}, ${'SUCCEEDED'}, ${null}, ${null}, ${at}, ${at})`.execute(t.store.db)
    }
  })
  afterAll(() => t.close())

  it('removes no result before the roll-up has folded it in, however old', async () => {
    const first = await retention.prune()
    expect(first.results).toBe(0)
    expect(await count('results')).toBe(39)
    // The other kinds do not wait for the roll-up: the first pass took its two batches of each.
    expect(first).toMatchObject({ heartbeatEvents: 20, sessions: 1, notifications: 15, statusPageEmails: 12, alerts: 20, agentErrors: 20, vendorDeployments: 3, runSkips: 20 })
  })

  it('removes old results in batches over passes once rolled up, and the analytics of an old window stay the same', async () => {
    expect(await t.services.analyticsRollup.rollUp()).toBe(39)
    const before = await Promise.all(OLD_WINDOWS.map((q) => analytics(q).then((r) => r.json().series)))
    expect(before[0]).toEqual([{ data: expect.objectContaining({ availability: expect.any(Number), retries: 0 }) }])

    const passes = [await retention.prune(), await retention.prune(), await retention.prune()]
    expect(passes.map((p) => p.results)).toEqual([20, 15, 0])
    expect(passes.map((p) => p.heartbeatEvents)).toEqual([15, 0, 0])
    expect(passes.map((p) => p.agentErrors)).toEqual([15, 0, 0])
    expect(passes.map((p) => p.runSkips)).toEqual([5, 0, 0])
    expect(passes.map((p) => p.alerts)).toEqual([5, 0, 0])
    expect(passes.map((p) => p.notifications + p.sessions + p.statusPageEmails)).toEqual([0, 0, 0])
    expect(await count('results')).toBe(4)

    const after = await Promise.all(OLD_WINDOWS.map((q) => analytics(q).then((r) => r.json().series)))
    expect(after).toEqual(before)
  })

  it('keeps recent rows and the notifications still owed', async () => {
    expect(await count('heartbeatEvents')).toBe(1)
    expect(await count('sessions')).toBe(1)
    expect(await count('agentErrors')).toBe(1)
    expect(await count('alerts')).toBe(1)
    expect(await count('vendorDeployments')).toBe(1)
    expect(await count('runSkips')).toBe(1)
    const left = await sql<{ id: string }>`select id from alert_notifications order by id`.execute(t.store.db)
    expect(left.rows.map((r) => r.id)).toEqual(['n-owed-IN_PROGRESS', 'n-owed-PENDING', 'n-owed-RATE_LIMITED', 'n-recent'])
    const emails = await sql<{ id: string }>`select id from status_page_emails order by id`.execute(t.store.db)
    expect(emails.rows.map((r) => r.id)).toEqual(['m-owed-IN_PROGRESS', 'm-owed-PENDING', 'm-recent'])
  })

  it('the result listing shows only what is kept; each check keeps its latest result and status', async () => {
    const listed = await t.call('GET', `/v1/check-results/${busy}?limit=100`)
    expect(listed.statusCode).toBe(200)
    expect(listed.json().map((r: { startedAt: string }) => r.startedAt)).toEqual([2, 1, 0].map((i) => new Date(RECENT + i * 60_000).toISOString()))
    expect(listed.headers['content-range']).toBe('0-2/3')

    const idleList = await t.call('GET', `/v1/check-results/${idle}?limit=100`)
    expect(idleList.json().map((r: { id: string }) => r.id)).toEqual([idleLatestId])
    expect((await t.call('GET', `/v1/check-results/${idle}/${idleLatestId}`)).statusCode).toBe(200)
    const statuses = (await t.call('GET', '/v1/check-statuses')).json() as Array<{ checkId: string; status: string }>
    expect(statuses.find((s) => s.checkId === idle)?.status).toBe('passing')
  })

  it('a pass with nothing left to remove removes nothing', async () => {
    clock.advance(60_000)
    expect(await retention.prune()).toEqual({
      results: 0,
      runSkips: 0,
      heartbeatEvents: 0,
      sessions: 0,
      testSessionRuns: 0,
      testSessions: 0,
      runCancellations: 0,
      testSessionErrorGroups: 0,
      notifications: 0,
      statusPageEmails: 0,
      alerts: 0,
      agentErrors: 0,
      vendorDeployments: 0,
      rootCauseAnalyses: 0,
    })
  })
})
