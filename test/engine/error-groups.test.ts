/**
 * Real failing runs on the engine (fake clock) against closed local ports become error groups, through the same
 * hook that the service wires behind the engine's writer (services.afterFinalResults), readable through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { freePort } from '../helpers/targets/tcp.js'

describe.each(testDbs)('engine runs make error groups on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows) })
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  const nextDue = async (id: string) =>
    Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)
  const runSlot = async (id: string) => {
    clock.set(Math.max(clock.now(), await nextDue(id)))
    expect((await e.engine.runOnce()).started).toBe(1)
  }

  it('counts failing runs against closed ports in one group per check, the latest message kept', async () => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'closed port',
      frequency: 1,
      frequencyOffset: 1,
      doubleCheck: false,
      request: { method: 'GET', url: `http://127.0.0.1:${await freePort()}/health` },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = String(res.json().id)
    await runSlot(id)
    await runSlot(id)
    // Another closed port: a different detail of the same fault.
    expect((await t.call('PUT', `/v1/checks/api/${id}`, { request: { method: 'GET', url: `http://127.0.0.1:${await freePort()}/health` } })).statusCode).toBe(200)
    await runSlot(id)

    const results = (await t.call('GET', `/v1/check-results/${id}?limit=100`)).json() as Array<{ errorMessage?: string; startedAt: string; hasFailures: boolean }>
    expect(results).toHaveLength(3)
    expect(results.every((r) => r.hasFailures)).toBe(true)
    const finals = e.finals.filter((r) => r.check_id === id).sort((a, b) => Number(a.started_at) - Number(b.started_at))
    expect(new Set(finals.map((r) => r.error_message)).size).toBe(2)
    for (const r of finals) expect(r.error_message).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/)

    const list = await t.call('GET', `/v1/error-groups/checks/${id}`)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.headers['content-range']).toBe('0-0/1')
    const [group] = list.json()
    const last = finals[finals.length - 1]
    expect(group).toMatchObject({
      checkId: id,
      cleanedErrorMessage: 'connect ECONNREFUSED <ip>:<port>',
      rawErrorMessage: last?.error_message,
      occurrences: 3,
      firstSeen: new Date(Number(finals[0]?.started_at)).toISOString(),
      lastSeen: new Date(Number(last?.started_at)).toISOString(),
      archivedUntilNextEvent: false,
      archivedForever: false,
    })
    expect((await t.call('GET', `/v1/error-groups/${String(group.id)}`)).json()).toEqual(group)
    expect((await t.call('GET', '/v1/error-groups')).json().map((g: { id: string }) => g.id)).toContain(group.id)
  })
})
