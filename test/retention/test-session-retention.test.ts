/**
 * Data retention of test sessions on both databases: sessions, their runs, run cancellations and error groups
 * older than the results' retention go in bounded batches over passes; recent ones stay, and so does an error
 * group first seen long ago that recurred recently (it ages from its last occurrence).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores, type Stores } from '../../src/store/all-stores.js'
import type { TestSessionErrorGroupRow, TestSessionRow, TestSessionRunRow } from '../../src/store/test-session-rows.js'
import { DAY_MS, retentionService, type RetentionService } from '../../src/services/retention.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const NOW = Date.UTC(2026, 2, 2, 12)
const OLD = NOW - 40 * DAY_MS
const RECENT = NOW - 3_600_000
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`)

const session = (accountId: string, id: string, at: number): TestSessionRow => ({
  id,
  account_id: accountId,
  project_id: null,
  name: id,
  provider: 'API',
  region: 'eu-west-1',
  private_location_id: null,
  metadata: '{}',
  invoker: null,
  status: 'PASSED',
  stopped_at: at,
  created_at: at,
  updated_at: at,
})

const run = (accountId: string, sessionId: string, id: string, at: number): TestSessionRunRow => ({
  id,
  test_session_id: sessionId,
  account_id: accountId,
  check_session_id: `cs-${id}`,
  sequence_id: `seq-${id}`,
  check_id: 'check-1',
  check_name: 'api',
  check_type: 'API',
  location: 'eu-west-1',
  private_location_id: null,
  status: 'PASSED',
  result_id: null,
  has_failures: 0,
  has_errors: 0,
  is_degraded: 0,
  response_time: 10,
  error_message: null,
  error_group_id: null,
  started_at: at,
  stopped_at: at,
  created_at: at,
})

const group = (accountId: string, id: string, firstSeen: number, lastSeen: number): TestSessionErrorGroupRow => ({
  id,
  account_id: accountId,
  project_key: '',
  error_hash: id,
  cleaned_error_message: 'boom',
  raw_error_message: null,
  environments: '[]',
  first_seen: firstSeen,
  last_seen: lastSeen,
  occurrences: 1,
  archived_until_next_event: 0,
  archived_forever: 0,
  created_at: firstSeen,
  updated_at: lastSeen,
})

describe.each(testDbs)('test-session retention ($name)', (db) => {
  let t: TestApp
  let stores: Stores
  let retention: RetentionService
  const clock = new FakeClock(NOW)
  const column = async (table: string, key: string) =>
    (await sql<{ k: string }>`select ${sql.ref(key)} as k from ${sql.table(table)} order by ${sql.ref(key)}`.execute(t.store.db)).rows.map((r) => r.k)

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    stores = buildStores(t.store)
    retention = retentionService({ stores, clock, pause: async () => undefined }, { batchSize: 10, batchesPerPass: 2 })
    const a = t.accountId
    for (const id of ids(25, 'ts-old')) await stores.testSessions.insert(session(a, id, OLD), [run(a, id, `${id}-r1`, OLD), run(a, id, `${id}-r2`, OLD)])
    await stores.testSessions.insert(session(a, 'ts-new', RECENT), [run(a, 'ts-new', 'ts-new-r1', RECENT)])
    const cancellations = [...ids(25, 'c-old').map((id) => [id, OLD] as const), ['c-new', RECENT] as const]
    await t.store.db
      .insertInto('run_cancellations')
      .values(cancellations.map(([id, at]) => ({ sequence_id: id, account_id: a, session_id: 's', cancelled_at: at, job_id: null })))
      .execute()
    const groups = [...ids(25, 'g-old').map((id) => group(a, id, OLD, OLD)), group(a, 'g-recurring', OLD, RECENT), group(a, 'g-new', RECENT, RECENT)]
    await t.store.db.insertInto('test_session_error_groups').values(groups).execute()
  })
  afterAll(() => t.close())

  it('removes old test sessions, runs, cancellations and error groups in bounded batches, and keeps recent ones', async () => {
    const first = await retention.prune()
    for (const kind of ['testSessionRuns', 'testSessions', 'runCancellations', 'testSessionErrorGroups'] as const) expect(first[kind]).toBe(20)
    expect(await column('test_sessions', 'id')).toHaveLength(6)
    let passes = 1
    for (let last = first; last.testSessions + last.testSessionRuns + last.runCancellations + last.testSessionErrorGroups > 0; passes++) last = await retention.prune()
    expect(passes).toBeLessThanOrEqual(4)
    expect(await column('test_sessions', 'id')).toEqual(['ts-new'])
    expect(await column('test_session_runs', 'id')).toEqual(['ts-new-r1'])
    expect(await column('run_cancellations', 'sequence_id')).toEqual(['c-new'])
    expect(await column('test_session_error_groups', 'id')).toEqual(['g-new', 'g-recurring'])
    const listed = (await t.call('GET', '/v1/test-sessions')).json<{ entries: Array<{ id: string }> }>().entries
    expect(listed.map((s) => s.id)).toEqual(['ts-new'])
  })
})
