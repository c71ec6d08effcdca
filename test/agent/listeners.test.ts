/**
 * An agent that waits for a free slot after every full lease must not leave a listener on its stop signal each time
 * (Node warns with MaxListenersExceededWarning past ten): 50 jobs go through a real agent with one slot against a
 * real Picket on both stores, and the listeners on the agent's signals stay as few as the waits and runs in hand.
 */
import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAgent, type RunningAgent } from '../../src/agent/agent.js'
import { buildRunners } from '../../src/runners/index.js'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
const JOBS = 50

describe.each(testDbs)('agent signal listeners on $name', (db) => {
  let t: TestApp
  let target: Target
  let agent: RunningAgent | undefined
  const warnings: Error[] = []
  const onWarning = (w: Error) => warnings.push(w)

  beforeAll(async () => {
    ;[t, target] = await Promise.all([startTestApp(db), startHttpTarget()])
    process.on('warning', onWarning)
  })
  afterAll(async () => {
    process.off('warning', onWarning)
    await agent?.stop(2000)
    await t.close()
    await target.close()
  })

  it(`runs ${JOBS} jobs with one slot and no listener piling up on its stop signal`, async () => {
    const location = (await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json<{ keys: Array<{ rawKey: string }> }>()
    const checkIds: string[] = []
    for (let i = 0; i < JOBS; i++) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: `intranet ${i}`,
        activated: false,
        doubleCheck: false,
        retryStrategy: null,
        locations: [],
        privateLocations: ['office'],
        request: { method: 'GET', url: `${target.url}/ok-${i}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      })
      expect(res.statusCode, res.body).toBe(201)
      checkIds.push(res.json<{ id: string }>().id)
    }
    const trigger = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: checkIds } })
    expect(trigger.statusCode, trigger.body).toBe(201)

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    agent = await startAgent({
      serviceUrl: address,
      apiKey: String(location.keys[0]?.rawKey),
      // One slot: after each leased job the loop waits for the slot to be free again, 50 times over.
      jobConcurrency: 1,
      healthPort: 0,
      healthHost: '127.0.0.1',
      externalObservability: false,
      runners: buildRunners({ sandbox: createChildProcessSandbox() }),
      log: quiet,
      agentVersion: 'test',
      waitSeconds: 1,
    })
    const { leasing, runs } = agent.loop.signals
    const most = { leasing: 0, runs: 0 }
    const sample = () => {
      most.leasing = Math.max(most.leasing, getEventListeners(leasing, 'abort').length)
      most.runs = Math.max(most.runs, getEventListeners(runs, 'abort').length)
    }
    const sampler = setInterval(sample, 5)
    const results = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('check_results')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('check_id', 'in', checkIds)
            .executeTakeFirst()
        )?.n ?? 0,
      )
    try {
      await expect.poll(results, { timeout: 60_000, interval: 100 }).toBe(JOBS)
      await expect.poll(() => agent?.loop.status(), { timeout: 10_000 }).toMatchObject({ inFlight: 0, outboxSize: 0 })
    } finally {
      clearInterval(sampler)
    }
    sample()
    // At most the wait for a slot and the lease in flight listen to the stop signal; each run in hand to the other.
    expect(most.leasing).toBeLessThanOrEqual(2)
    expect(most.runs).toBeLessThanOrEqual(1)
    expect(getEventListeners(leasing, 'abort').length).toBeLessThanOrEqual(2)
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([])
  })
})
