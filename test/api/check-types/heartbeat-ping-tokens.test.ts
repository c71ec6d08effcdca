/**
 * The ping token and URL of HEARTBEAT checks through the API: generated or given, unique across every account (409
 * on reuse), kept or replaced by updates, freed by deletes. Tokens are made fresh per test: they are global.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../../helpers/app.js'
import { checkApi, type Json } from '../../helpers/check-contract.js'
import { HOURLY, minimalHeartbeat as minimal, uniqueToken, withHeartbeat } from './cases/heartbeat.js'

interface HeartbeatView {
  period: number
  periodUnit: string
  grace: number
  graceUnit: string
  pingToken: string
  pingUrl: string
}
const heartbeatOf = (check: Json) => check.heartbeat as HeartbeatView
const TOKEN = /^[A-Za-z0-9_-]{8,128}$/

describe.each(testDbs)('HEARTBEAT ping tokens on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const { create, get, expectCreateRejected, expectUpdateRejected } = checkApi(
    () => t,
    '/v1/checks/heartbeat',
    () => minimal(),
  )
  const put = (id: unknown, body: Json) => t.call('PUT', `/v1/checks/heartbeat/${String(id)}`, body)

  describe('create', () => {
    it('gives the minimal body a generated token and the ping URL under the public base URL', async () => {
      const hb = heartbeatOf(await create(minimal()))
      expect(hb).toMatchObject(HOURLY)
      expect(hb.pingToken).toMatch(TOKEN)
      expect(hb.pingUrl).toBe(`${PUBLIC_BASE_URL}/ping/${hb.pingToken}`)
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('generates a different token for every heartbeat', async () => {
      const a = heartbeatOf(await create(minimal())).pingToken
      const b = heartbeatOf(await create(minimal())).pingToken
      expect(a).not.toBe(b)
    })

    it('uses a given pingToken as is', async () => {
      const token = uniqueToken('backup-job')
      const body = await create(withHeartbeat({ pingToken: token }))
      expect(heartbeatOf(body).pingToken).toBe(token)
      expect(heartbeatOf(body).pingUrl).toBe(`http://picket.test/ping/${token}`)
      expect(heartbeatOf(await get(body.id))).toEqual(heartbeatOf(body))
    })

    it.each<[string, () => string]>([
      ['8', () => `a${randomUUID().slice(0, 7)}`],
      ['128', () => `${randomUUID()}${'x'.repeat(92)}`],
    ])('accepts a token of %s characters', async (length, make) => {
      const token = make()
      expect(token).toHaveLength(Number(length))
      expect(heartbeatOf(await create(withHeartbeat({ pingToken: token }))).pingToken).toBe(token)
    })

    it('generates a token when pingToken is null', async () => {
      const hb = heartbeatOf(await create(withHeartbeat({ pingToken: null })))
      expect(hb.pingToken).toMatch(TOKEN)
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('ignores a pingUrl sent in the body', async () => {
      const hb = heartbeatOf(await create(withHeartbeat({ pingUrl: 'https://elsewhere.example/ping/abc' })))
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('rejects a pingToken already used by another heartbeat with 409', async () => {
      const token = uniqueToken('shared')
      await create(withHeartbeat({ pingToken: token }))
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('rejects a generated token reused by a second heartbeat with 409', async () => {
      const token = heartbeatOf(await create(minimal())).pingToken
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('rejects a pingToken used by a heartbeat of another account with 409', async () => {
      const token = uniqueToken('cross')
      const other = await t.otherAccount()
      const first = await t.call('POST', '/v1/checks/heartbeat', withHeartbeat({ pingToken: token }), other.headers)
      expect(first.statusCode, first.body).toBe(201)
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('frees the token when its heartbeat is deleted', async () => {
      const token = uniqueToken('freed')
      const first = await create(withHeartbeat({ pingToken: token }))
      expect((await t.call('DELETE', `/v1/checks/${String(first.id)}`)).statusCode).toBe(204)
      expect(heartbeatOf(await create(withHeartbeat({ pingToken: token }))).pingToken).toBe(token)
    })
  })

  describe('update', () => {
    it('keeps the token and pingUrl when a new period omits pingToken', async () => {
      const created = await create(minimal())
      const before = heartbeatOf(created)
      const res = await put(created.id, { heartbeat: { period: 2, periodUnit: 'days', grace: 1, graceUnit: 'hours' } })
      expect(res.statusCode, res.body).toBe(200)
      expect(heartbeatOf(res.json<Json>())).toEqual({ period: 2, periodUnit: 'days', grace: 1, graceUnit: 'hours', pingToken: before.pingToken, pingUrl: before.pingUrl })
    })

    it('keeps the token when pingToken is null', async () => {
      const created = await create(withHeartbeat({ pingToken: uniqueToken('keep') }))
      const res = await put(created.id, { heartbeat: { ...HOURLY, pingToken: null } })
      expect(res.statusCode, res.body).toBe(200)
      expect(heartbeatOf(res.json<Json>()).pingToken).toBe(heartbeatOf(created).pingToken)
    })

    it('changes the token and pingUrl when a new one is given, and accepts its own token again', async () => {
      const created = await create(minimal())
      const token = uniqueToken('renewed')
      const res = await put(created.id, { heartbeat: { ...HOURLY, pingToken: token } })
      expect(res.statusCode, res.body).toBe(200)
      expect(heartbeatOf(res.json<Json>())).toMatchObject({ pingToken: token, pingUrl: `http://picket.test/ping/${token}` })
      const again = await put(created.id, { heartbeat: { ...HOURLY, period: 3, pingToken: token } })
      expect(again.statusCode, again.body).toBe(200)
      expect(heartbeatOf(again.json<Json>())).toMatchObject({ period: 3, pingToken: token })
      // The old token is free again.
      const reuse = await create(withHeartbeat({ pingToken: heartbeatOf(created).pingToken }))
      expect(heartbeatOf(reuse).pingToken).toBe(heartbeatOf(created).pingToken)
    })

    it('accepts the body it returned (pingUrl included) as an update', async () => {
      const created = await create(minimal())
      const { id: _id, checkType: _ct, created_at: _c, updated_at: _u, alertChannels: _a, ...editable } = created
      const res = await put(created.id, { ...editable, name: 'Round trip' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ ...created, name: 'Round trip', updated_at: expect.any(String) })
    })

    it('rejects a token used by another heartbeat with 409 and leaves the check unchanged', async () => {
      const taken = heartbeatOf(await create(minimal())).pingToken
      const created = await create(minimal())
      await expectUpdateRejected(String(created.id), { heartbeat: { ...HOURLY, pingToken: taken } }, 'heartbeat.pingToken', 409)
      expect(await get(created.id)).toEqual(created)
    })
  })

  it('lists a heartbeat with its ping URL', async () => {
    const created = await create(minimal({ tags: ['hb-listed-url'] }))
    const listed = await t.call('GET', '/v1/checks?checkType=HEARTBEAT&limit=100&tag=hb-listed-url')
    expect(listed.statusCode, listed.body).toBe(200)
    const items = listed.json<Json[]>()
    expect(items.map((c) => c.id)).toEqual([created.id])
    expect(heartbeatOf(items[0] as Json).pingUrl).toBe(heartbeatOf(created).pingUrl)
  })
})
