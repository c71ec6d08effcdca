/**
 * The ping writer with several batches in flight (as on PostgreSQL) and small batches: batches being written never
 * share a ping token, each check's pings are applied in the order they arrived (a START then a PING records the
 * duration; the events of a check come out in submission order), and every ping is stored with its answer. A ping
 * that cannot change alerting is answered once committed; one that can is answered only after alert evaluation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { FakeClock } from '../../src/lib/clock.js'
import type { Store } from '../../src/store/db.js'
import { buildStores, transactor, type Stores } from '../../src/store/all-stores.js'
import { buildServices } from '../../src/services/index.js'
import { pingWriter } from '../../src/services/heartbeats/ping-writer.js'
import type { HeartbeatSignal } from '../../src/domain/heartbeats/timer.js'
import { testDbs } from '../helpers/db.js'

const CHECKS = 12
const ROUNDS = 4

describe.each(testDbs)('heartbeat ping writer with batches at once on $name', (testDb) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let store: Store
  const tokens: string[] = []
  const checkIds: string[] = []

  beforeAll(async () => {
    store = await testDb.open()
    const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
    const { accountId } = await services.accounts.createAccount('writer')
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
  afterAll(() => store.close())

  it('keeps batches in flight apart by token and applies each check’s pings in arrival order', async () => {
    const inFlight = new Set<string>()
    const overlaps: string[] = []
    const transact = transactor(store)
    // The transactor of the service, watching which tokens each batch locks until its transaction ends.
    const watched = <T>(work: (s: Stores) => Promise<T>): Promise<T> => {
      let mine: string[] = []
      return transact((s) =>
        work({
          ...s,
          heartbeats: {
            ...s.heartbeats,
            lockByTokens: (given) => {
              mine = given
              for (const t of given) if (inFlight.has(t)) overlaps.push(t)
              for (const t of given) inFlight.add(t)
              return s.heartbeats.lockByTokens(given)
            },
          },
        }),
      ).finally(() => mine.forEach((t) => inFlight.delete(t)))
    }
    const writer = pingWriter(
      { stores: buildStores(store), transact: watched, clock, afterFinalResults: async () => undefined },
      { maxBatch: 5, batchesAtOnce: 3, minBatchAlongside: 1 },
    )
    const signals: HeartbeatSignal[] = ['START', 'PING']
    const answers = []
    for (let r = 0; r < ROUNDS; r++) {
      for (const signal of signals) {
        for (const token of tokens) {
          answers.push(writer.submit({ token, signal, method: 'GET', source: null, userAgent: `round ${r} ${signal}`, body: null }))
          clock.advance(1)
        }
        // Some pings join batches already being written, others wait for the next turn of the event loop.
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
    }
    const outcomes = await Promise.all(answers)
    await writer.drain()
    expect(outcomes.filter((o) => o.kind === 'recorded')).toHaveLength(CHECKS * ROUNDS * signals.length)
    expect(overlaps).toEqual([])
    const events = (
      await sql<{ check_id: string; type: string; user_agent: string; duration_ms: number | null }>`
        select check_id, type, user_agent, duration_ms from heartbeat_events where check_id in (${sql.join(checkIds)}) order by created_at, id`.execute(store.db)
    ).rows
    for (const checkId of checkIds) {
      const mine = events.filter((e) => e.check_id === checkId)
      const expected = Array.from({ length: ROUNDS }, (_, r) => signals.map((signal) => `round ${r} ${signal}`)).flat()
      expect(mine.map((e) => e.user_agent)).toEqual(expected)
      // Each PING came after its check's START: it records the job's duration.
      for (const e of mine.filter((x) => x.type === 'PING')) expect(e.duration_ms).not.toBeNull()
    }
  })

  // Each row: pings sent and answered first, then the ping under test, for a check of its own.
  it.each<{ name: string; before: HeartbeatSignal[]; signal: HeartbeatSignal; early: boolean }>([
    { name: 'a ping of a passing check', before: ['PING'], signal: 'PING', early: true },
    { name: 'a start signal', before: ['PING'], signal: 'START', early: true },
    { name: 'the first ping (the check leaves NEW)', before: [], signal: 'PING', early: false },
    { name: 'a /fail of a passing check', before: ['PING'], signal: 'FAIL', early: false },
    { name: 'a ping that recovers a failed check', before: ['FAIL'], signal: 'PING', early: false },
  ])('$name is answered before alert evaluation ends: $early', async ({ before, signal, early }) => {
    const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
    const { accountId } = await services.accounts.createAccount(`early ${signal} ${before.join()}`)
    const check = await services.checks.create(
      accountId,
      'heartbeat',
      { name: 'job', script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' } },
      { autoAssignAlerts: false },
    )
    const token = String((check.heartbeat as Record<string, unknown>).pingToken)
    let release = () => undefined as void
    let evaluating = false
    const writer = pingWriter({
      stores: buildStores(store),
      transact: transactor(store),
      clock,
      afterFinalResults: () => {
        evaluating = true
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    const ping = (sent: HeartbeatSignal) => writer.submit({ token, signal: sent, method: 'GET', source: null, userAgent: null, body: null })
    for (const sent of before) {
      const answer = ping(sent)
      await expect.poll(() => evaluating).toBe(true)
      evaluating = false
      release()
      await answer
      clock.advance(60_000)
    }
    let answered = false
    const answer = ping(signal).then((o) => ((answered = true), o))
    if (early) {
      // Answered while evaluation (if any) still waits to be released.
      await expect.poll(() => answered).toBe(true)
    } else {
      await expect.poll(() => evaluating).toBe(true)
      await new Promise<void>((resolve) => setImmediate(resolve))
      expect(answered).toBe(false)
    }
    release()
    expect((await answer).kind).toBe('recorded')
    await writer.drain()
  })
})
