import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

describe.each(testDbs)('CI/CD triggers on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let server: http.Server
  let base = ''
  const order: string[] = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      order.push(req.url ?? '')
      res.writeHead(req.url?.startsWith('/fail') ? 500 : 200)
      res.end('x')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { loops: true, bell: t.services.bell })
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await new Promise((r) => server.close(r))
  })

  const check = async (path: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: path, activated: false, doubleCheck: false, request: { url: `${base}${path}` }, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }

  it('creates, reads and deletes a check trigger; the token URL runs the check and reports its outcome', async () => {
    const id = await check('/ok')
    const created = await t.call('POST', `/v1/triggers/checks/${id}`)
    expect(created.statusCode).toBe(201)
    const trigger = created.json()
    expect(trigger).toMatchObject({ checkId: id, called_at: null })
    expect(trigger.token.length).toBeGreaterThanOrEqual(16)
    expect((await t.call('POST', `/v1/triggers/checks/${id}`)).statusCode).toBe(200)
    expect((await t.call('GET', `/v1/triggers/checks/${id}`)).json().token).toBe(trigger.token)

    const ran = await t.app.inject({ method: 'GET', url: `/checks/${id}/trigger/${trigger.token}` })
    expect(ran.statusCode, ran.body).toBe(200)
    expect(ran.json()).toMatchObject({ hasFailures: false })
    expect((await t.call('GET', `/v1/triggers/checks/${id}`)).json().called_at).not.toBeNull()

    expect((await t.app.inject({ method: 'GET', url: `/checks/${id}/trigger/wrong-token` })).statusCode).toBe(404)
    expect((await t.call('DELETE', `/v1/triggers/checks/${id}`)).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: `/checks/${id}/trigger/${trigger.token}` })).statusCode).toBe(404)
    expect((await t.call('GET', `/v1/triggers/checks/${id}`)).statusCode).toBe(404)
  })

  it('answers 503 when the triggered check fails', async () => {
    const id = await check('/fail')
    const token = (await t.call('POST', `/v1/triggers/checks/${id}`)).json().token as string
    const ran = await t.app.inject({ method: 'POST', url: `/checks/${id}/trigger/${token}` })
    expect(ran.statusCode).toBe(503)
    expect(ran.json().hasFailures).toBe(true)
  })

  it("runs a group's checks in groupOrder through the group trigger, and keeps triggers per account", async () => {
    const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'ordered', concurrency: 1 })
    expect(group.statusCode, group.body).toBe(201)
    const groupId = group.json().id as number
    await check('/g-third', { groupId, groupOrder: 3, activated: true })
    await check('/g-first', { groupId, groupOrder: 1, activated: true })
    await check('/g-second', { groupId, groupOrder: 2, activated: true })
    const token = (await t.call('POST', `/v1/triggers/check-groups/${groupId}`)).json().token as string
    order.length = 0
    const ran = await t.app.inject({ method: 'GET', url: `/check-groups/${groupId}/trigger/${token}` })
    expect(ran.statusCode, ran.body).toBe(200)
    expect(ran.json().checks).toBe(3)
    expect(order.filter((u) => u.startsWith('/g-'))).toEqual(['/g-first', '/g-second', '/g-third'])
    // The call is recorded as a test session of the group's runs.
    const recorded = await t.call('GET', `/v1/test-sessions/${String(ran.json().testSessionId)}`)
    expect(recorded.statusCode, recorded.body).toBe(200)
    expect(recorded.json()).toMatchObject({ name: 'ordered (trigger)', status: 'PASSED' })
    expect(recorded.json().results).toHaveLength(3)
    expect((await t.call('GET', '/v1/test-sessions?providers=TRIGGER')).json().entries.map((x: { id: string }) => x.id)).toContain(ran.json().testSessionId)

    const other = await t.otherAccount()
    expect((await t.app.inject({ method: 'GET', url: `/v1/triggers/check-groups/${groupId}`, headers: other.headers })).statusCode).toBe(404)
    expect((await t.call('DELETE', `/v1/triggers/check-groups/${groupId}`)).statusCode).toBe(204)
    expect((await t.call('DELETE', `/v1/triggers/check-groups/${groupId}`)).statusCode).toBe(404)
  })
})
