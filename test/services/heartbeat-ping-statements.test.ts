/**
 * The database statements a batch of heartbeat pings costs, counted through the store's query log: pings that
 * arrive together are written in one transaction of a fixed number of statements, whatever the number of pings and
 * checks, and then evaluated for alerts together. On SQLite each table (timers, events, results, statuses) takes one
 * multi-row statement; on PostgreSQL all four are one statement (one round trip). Twice the pings must not cost more
 * statements. Every ping is still stored with its event, its result and its check's status.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import type { Store } from '../../src/store/db.js'
import { buildServices, type Services } from '../../src/services/index.js'
import { countedStore, countingDbs, kindOf } from '../helpers/counted-store.js'

const CHECKS = 30

/** The writes of a batch after its one read of the timers, by database. */
const WRITES = {
  sqlite: ['insert heartbeat_timers', 'insert heartbeat_events', 'insert check_results', 'insert check_statuses'],
  postgres: ['with heartbeat_timers'],
}

describe.each(countingDbs)('statements per batch of heartbeat pings on $name', ({ name }) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let counting = false
  const kinds = new Map<string, number>()
  let store: Store & { drop(): Promise<void> }
  let services: Services
  const tokens: string[] = []
  const checkIds: string[] = []

  beforeAll(async () => {
    store = await countedStore(name, (text) => {
      if (counting) kinds.set(kindOf(text), (kinds.get(kindOf(text)) ?? 0) + 1)
    })
    services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
    const { accountId } = await services.accounts.createAccount('pings')
    for (let i = 0; i < CHECKS; i++) {
      const check = await services.checks.create(
        accountId,
        'heartbeat',
        { name: `job ${i}`, script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' } },
        { autoAssignAlerts: false },
      )
      checkIds.push(String(check.id))
      tokens.push(String((check.heartbeat as Record<string, unknown>).pingToken))
    }
  })
  afterAll(async () => {
    await services.heartbeats.drain()
    await store.drop()
  })

  /** Sends `perCheck` pings to every check at once (one batch); returns the statements counted and the answers. */
  async function burst(perCheck: number): Promise<{ statements: number; recorded: number; kinds: Record<string, number> }> {
    clock.advance(60_000)
    kinds.clear()
    counting = true
    const outcomes = await Promise.all(
      Array.from({ length: perCheck }, () => tokens).flatMap((all) =>
        all.map((token) => services.heartbeats.ping({ token, signal: 'PING', method: 'GET', source: '127.0.0.1', userAgent: 'test', body: null })),
      ),
    )
    await services.heartbeats.drain()
    counting = false
    const statements = [...kinds.values()].reduce((a, b) => a + b, 0)
    return { statements, recorded: outcomes.filter((o) => o.kind === 'recorded').length, kinds: Object.fromEntries(kinds) }
  }

  const stored = async (table: 'heartbeat_events' | 'check_results') =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where check_id in (${sql.join(checkIds)})`.execute(store.db)).rows[0]?.n)

  it('writes a batch in a fixed number of statements, one per table, however many pings it holds', async () => {
    await burst(1) // first pings: timers leave NEW, statuses are created
    const once = await burst(1)
    const twice = await burst(2)
    expect(once.recorded).toBe(CHECKS)
    expect(twice.recorded).toBe(2 * CHECKS)
    expect(await stored('heartbeat_events')).toBe(4 * CHECKS)
    expect(await stored('check_results')).toBe(4 * CHECKS)
    // The batch's transaction, then alert evaluation's one read of the checks' alert states.
    expect(twice.kinds).toEqual(Object.fromEntries(['begin', 'select heartbeat_timers', ...WRITES[name], 'commit', 'select alert_states'].map((kind) => [kind, 1])))
    // Every check's status names its latest result.
    const statuses = await sql<{ n: number }>`select count(*) as n from check_statuses s where s.check_id in (${sql.join(checkIds)})
      and s.last_result_id = (select r.id from check_results r where r.check_id = s.check_id order by r.started_at desc, r.id desc limit 1)`.execute(store.db)
    expect(Number(statuses.rows[0]?.n)).toBe(CHECKS)
    expect(twice.statements).toBeLessThanOrEqual(once.statements)
  })
})
