/** Check groups through the HTTP API: a group's alert channel subscriptions, and how its settings apply to its checks. */
import { beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { checkGroupsApp, type Json } from '../helpers/check-groups-api.js'

describe.each(testDbs)('check groups on $name', (db) => {
  const fixture = checkGroupsApp(db)
  const { create, get, createCheck, addChannel } = fixture

  describe('alert channel subscriptions', () => {
    let channels: number[]
    beforeAll(async () => {
      channels = [await addChannel(fixture.t.accountId, 'a@example.com'), await addChannel(fixture.t.accountId, 'b@example.com')]
    })
    const ids = (g: Json) => (g.alertChannelSubscriptions as Array<{ alertChannelId: number }>).map((s) => s.alertChannelId).sort()

    it('subscribes a new group to every channel by default (autoAssignAlerts=true)', async () => {
      const group = await create({ name: 'Auto' })
      expect(ids(group)).toEqual([...channels].sort())
      expect(group.alertChannelSubscriptions).toEqual(expect.arrayContaining([{ alertChannelId: channels[0], activated: true }]))
    })

    it('subscribes to nothing with autoAssignAlerts=false', async () => {
      expect((await create({ name: 'Manual' }, '?autoAssignAlerts=false')).alertChannelSubscriptions).toEqual([])
    })

    it('uses an explicit list and replaces it on update', async () => {
      const group = await create({ name: 'Explicit', alertChannelSubscriptions: [{ alertChannelId: channels[0], activated: false }] })
      expect(group.alertChannelSubscriptions).toEqual([{ alertChannelId: channels[0], activated: false }])
      const url = `/v2/check-groups/${String(group.id)}`
      const res = await fixture.t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'Explicit', alertChannelSubscriptions: [{ alertChannelId: channels[1], activated: true }] })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
      const kept = await fixture.t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'Explicit', muted: true })
      expect(kept.json().alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
      expect((await get(`/v1/check-groups/${String(group.id)}`)).alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
    })
  })

  describe('checks of a group, and applyGroupSettings', () => {
    let group: Json
    let inGroup: Json
    let viaBase: Json
    let outside: Json
    beforeAll(async () => {
      group = await create(
        {
          name: 'Applied',
          muted: true,
          tags: ['team'],
          locations: ['us-west-2'],
          runtimeId: '2025.04',
          environmentVariables: [
            { key: 'SHARED', value: 'group' },
            { key: 'GROUP_ONLY', value: 'g' },
          ],
          apiCheckDefaults: {
            url: 'https://base.example.com/v1',
            headers: [{ key: 'X-Group', value: 'g' }],
            assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }],
            basicAuth: { username: 'grp', password: 'pw' },
          },
          retryStrategy: { type: 'FIXED', maxRetries: 1 },
          useGlobalAlertSettings: true,
        },
        '?autoAssignAlerts=false',
      )
      inGroup = await createCheck({
        name: 'In group',
        groupId: group.id,
        locations: ['eu-west-1'],
        tags: ['own'],
        useGlobalAlertSettings: false,
        environmentVariables: [{ key: 'SHARED', value: 'check' }],
        request: { url: 'https://own.example.com/health', headers: [{ key: 'X-Own', value: 'c' }] },
      })
      viaBase = await createCheck({ name: 'Via base URL', groupId: group.id, request: { url: '{{GROUP_BASE_URL}}/users' } })
      outside = await createCheck({ name: 'Outside', tags: ['own'], request: { url: 'https://own.example.com' } })
    })

    const expectApplied = (c: Json) => {
      expect(c).toMatchObject({
        muted: true,
        locations: ['us-west-2'],
        tags: ['own', 'team'],
        runtimeId: '2025.04',
        useGlobalAlertSettings: true,
        retryStrategy: { type: 'FIXED', maxRetries: 1 },
        environmentVariables: [
          { key: 'SHARED', value: 'check', locked: false, secret: false },
          { key: 'GROUP_ONLY', value: 'g', locked: false, secret: false },
        ],
      })
      const request = c.request as Json
      expect(request.headers).toEqual([
        { key: 'X-Own', value: 'c', locked: false },
        { key: 'X-Group', value: 'g', locked: false },
      ])
      expect(request.basicAuth).toEqual({ username: 'grp', password: 'pw' })
      expect(request.assertions).toEqual([{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', property: '', regex: null }])
    }

    it('lists the group checks with settings applied on /v1 and /v2, paged', async () => {
      for (const version of ['v1', 'v2']) {
        const res = await fixture.t.call('GET', `/${version}/check-groups/${String(group.id)}/checks?limit=1`)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.headers['content-range']).toBe('0-0/2')
        const [first] = res.json() as Json[]
        expect(first?.id).toBe(inGroup.id)
        expectApplied(first as Json)
        const second = await get(`/${version}/check-groups/${String(group.id)}/checks?limit=1&page=2`)
        expect(second[0].request.url).toBe('https://base.example.com/v1/users')
      }
    })

    it('reads one check of the group, and 404s for a check outside it', async () => {
      for (const version of ['v1', 'v2']) {
        expectApplied(await get(`/${version}/check-groups/${String(group.id)}/checks/${String(inGroup.id)}`))
        const res = await fixture.t.call('GET', `/${version}/check-groups/${String(group.id)}/checks/${String(outside.id)}`)
        expect(res.statusCode).toBe(404)
      }
    })

    it('applies group settings on GET /v1/checks only when asked', async () => {
      const raw = (await get('/v1/checks?limit=100')) as Json[]
      const rawIn = raw.find((c) => c.id === inGroup.id) as Json
      expect(rawIn).toMatchObject({ muted: false, locations: ['eu-west-1'], tags: ['own'], runtimeId: null })
      const applied = (await get('/v1/checks?limit=100&applyGroupSettings=true')) as Json[]
      expectApplied(applied.find((c) => c.id === inGroup.id) as Json)
      expect((applied.find((c) => c.id === viaBase.id) as Json).request).toMatchObject({ url: 'https://base.example.com/v1/users' })
      expect(applied.find((c) => c.id === outside.id)).toEqual(raw.find((c) => c.id === outside.id))
    })

    it('applies group settings on GET /v1/checks/{id} only when asked', async () => {
      expect(await get(`/v1/checks/${String(inGroup.id)}`)).toMatchObject({ muted: false, locations: ['eu-west-1'] })
      expectApplied(await get(`/v1/checks/${String(inGroup.id)}?applyGroupSettings=true`))
      expect(await get(`/v1/checks/${String(outside.id)}?applyGroupSettings=true`)).toEqual(await get(`/v1/checks/${String(outside.id)}`))
      expect((await fixture.t.call('GET', `/v1/checks/${String(inGroup.id)}?applyGroupSettings=perhaps`)).statusCode).toBe(400)
    })

    it('reflects a group change immediately', async () => {
      const res = await fixture.t.call('PUT', `/v2/check-groups/${String(group.id)}`, { name: 'Applied', activated: false })
      expect(res.statusCode, res.body).toBe(200)
      expect(await get(`/v1/checks/${String(inGroup.id)}?applyGroupSettings=true`)).toMatchObject({ activated: false })
      expect(await get(`/v1/checks/${String(inGroup.id)}`)).toMatchObject({ activated: true })
    })
  })
})
