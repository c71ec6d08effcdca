/**
 * The database statements a batch of heartbeat pings costs, counted through the store's query log: pings that
 * arrive together are written in one transaction of a fixed number of statements (timers, events, results,
 * statuses: one multi-row statement each), whatever the number of pings and checks, and then evaluated for alerts
 * together. Twice the pings must not cost more statements. Every ping is still stored with its event and result.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import type { Store } from '../../src/store/db.js'
import { buildServices, type Services } from '../../src/services/index.js'
import { countedStore, countingDbs, kindOf } from '../helpers/counted-store.js'

const CHECKS = 30

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
    for (const kind of ['select heartbeat_timers', 'insert heartbeat_timers', 'insert heartbeat_events', 'insert check_results', 'insert check_statuses']) {
      expect({ kind, n: twice.kinds[kind] }).toEqual({ kind, n: 1 })
    }
    expect(twice.kinds.begin).toBe(1)
    expect(twice.statements).toBeLessThanOrEqual(once.statements)
  })
})
