/**
 * The database statements the engine sends for a pass of API check runs (scheduling, lease, the batch's check data,
 * results, statuses, the after-result hooks), counted through the store's query log: one scheduler pass, one lease
 * per lane and one write of every outcome, so the count is deterministic. A pass of many runs, of several accounts,
 * some failing, must cost a few statements in all, not some per run or per account: the figure cannot creep back
 * unnoticed. Transaction control (begin, commit) counts too: on PostgreSQL each is a round trip.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import type { Store } from '../../src/store/db.js'
import { buildServices } from '../../src/services/index.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { createWorker } from '../../src/engine/worker.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { countedStore, countingDbs, kindOf } from '../helpers/counted-store.js'

const ACCOUNTS = 6
const CHECKS_PER_ACCOUNT = 10
const RUNS = ACCOUNTS * CHECKS_PER_ACCOUNT

/**
 * Statements of one pass at most, on either database: the first pass creates each check's alert state and records
 * the failure alerts, later ones update the states. Nothing is left per run or per account: the alerting context of
 * all accounts is one read per kind, and the failing checks are evaluated in one transaction (alerts, their
 * notifications and the states each written in one statement).
 */
const LIMITS = { first: 32, steady: 29 }

/** Answers 200, or 500 on paths under /fail (those runs fail, without retries). */
function startTarget(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => res.writeHead(req.url?.startsWith('/fail') ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}'))
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) })),
  )
}

describe.each(countingDbs)('statements per API check run on $name', ({ name }) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let counting = false
  const kinds = new Map<string, number>()
  let store: Store & { drop(): Promise<void> }
  let engine: TestEngine
  let target: Awaited<ReturnType<typeof startTarget>>

  beforeAll(async () => {
    target = await startTarget()
    store = await countedStore(name, (text) => {
      if (counting) kinds.set(kindOf(text), (kinds.get(kindOf(text)) ?? 0) + 1)
    })
    const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
    for (let a = 0; a < ACCOUNTS; a++) {
      const { accountId } = await services.accounts.createAccount(`statements ${a}`)
      await services.variables.create(accountId, { key: 'TOKEN', value: 'x', locked: false, secret: false })
      for (let i = 0; i < CHECKS_PER_ACCOUNT; i++) {
        const path = i % 3 === 0 ? `/fail/${i}` : `/ok/${i}`
        await services.checks.create(accountId, 'api', { name: `c${i}`, frequency: 1, doubleCheck: false, request: { url: `${target.url}${path}` } }, { autoAssignAlerts: false })
      }
    }
    engine = startTestEngine(store, clock, { onFinalResults: (rows) => services.afterFinalResults(rows) })
  })
  afterAll(async () => {
    await engine.engine.stop()
    await store.drop()
    await target.close()
  })

  /** One minute later every check is due once more: one scheduler pass, one lease per lane, one write; counted. */
  async function countOnePass(): Promise<{ statements: number; finals: number }> {
    clock.advance(60_000)
    const before = engine.finals.length
    kinds.clear()
    counting = true
    const worker = createWorker(engine.deps)
    await scheduleDue(engine.deps)
    await worker.pump()
    await worker.drain()
    counting = false
    const finals = engine.finals.length - before
    const statements = [...kinds.values()].reduce((a, b) => a + b, 0)
    console.log(name, JSON.stringify(Object.fromEntries([...kinds.entries()].sort((a, b) => b[1] - a[1]))), `${statements} statements for ${finals} runs`)
    return { statements, finals }
  }

  it('stays at or under its figure for a pass of runs of several accounts, first runs and steady state alike', async () => {
    const first = await countOnePass()
    const steady = await countOnePass()
    expect(first.finals).toBe(RUNS)
    expect(steady.finals).toBe(RUNS)
    expect(first.statements).toBeLessThanOrEqual(LIMITS.first)
    expect(steady.statements).toBeLessThanOrEqual(LIMITS.steady)
  })
})
