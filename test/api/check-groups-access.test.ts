/** Check groups through the HTTP API: who finds which group, in the paged list, by unknown ids, and from another account. */
import { beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { checkGroupsApp, type Json } from '../helpers/check-groups-api.js'

describe.each(testDbs)('check groups on $name', (db) => {
  const fixture = checkGroupsApp(db)
  const { total, create, get, createCheck, addChannel, expectRejected } = fixture

  describe('list', () => {
    // A fresh account of its own, so the other suites' groups do not count.
    let headers: Record<string, string>
    beforeAll(async () => {
      headers = (await fixture.t.otherAccount()).headers
      for (const [name, tags] of [
        ['Alpha', ['prod']],
        ['Beta', ['staging']],
        ['Gamma', ['prod', 'eu']],
        ['Alpha', []],
        ['Delta', ['infra']],
      ] as const) {
        const res = await fixture.t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name, tags }, headers)
        expect(res.statusCode, res.body).toBe(201)
      }
    })
    const list = async (query: string) => {
      const res = await fixture.t.call('GET', `/v1/check-groups${query}`, undefined, headers)
      expect(res.statusCode, res.body).toBe(200)
      return { names: (res.json() as Json[]).map((g) => g.name), range: res.headers['content-range'] }
    }

    it('pages a bare array with Content-Range', async () => {
      expect(await list('')).toEqual({ names: ['Alpha', 'Beta', 'Gamma', 'Alpha', 'Delta'], range: '0-4/5' })
      expect(await list('?limit=2&page=2')).toEqual({ names: ['Gamma', 'Alpha'], range: '2-3/5' })
      expect(await list('?limit=2&page=4')).toEqual({ names: [], range: '*/5' })
    })

    it('filters by exact name, repeatable', async () => {
      expect(await list('?name=Alpha')).toEqual({ names: ['Alpha', 'Alpha'], range: '0-1/2' })
      expect((await list('?name=Beta&name=Delta')).names).toEqual(['Beta', 'Delta'])
      expect((await list('?name=alpha')).names).toEqual([])
      expect((await list('?name=Alp')).names).toEqual([])
    })

    it('filters by tag (any of) and pages the filtered list', async () => {
      expect((await list('?tag=prod')).names).toEqual(['Alpha', 'Gamma'])
      expect((await list('?tag=staging&tag=infra')).names).toEqual(['Beta', 'Delta'])
      expect(await list('?tag=prod&limit=1&page=2')).toEqual({ names: ['Gamma'], range: '1-1/2' })
      expect((await list('?tag=prod&name=Gamma')).names).toEqual(['Gamma'])
    })

    it('rejects limit and page out of range', async () => {
      for (const q of ['?limit=0', '?limit=101', '?page=0']) {
        const res = await fixture.t.call('GET', `/v1/check-groups${q}`, undefined, headers)
        expect(res.statusCode, q).toBe(400)
      }
    })
  })

  describe('404s', () => {
    const bad = ['999999', 'abc', '0', '-1', '1.5', '99999999999']
    it.each(bad)('answers 404 for id %s on every route', async (id) => {
      for (const [method, url, body] of [
        ['GET', `/v1/check-groups/${id}`, undefined],
        ['PUT', `/v2/check-groups/${id}`, { name: 'x' }],
        ['PUT', `/v1/check-groups/${id}`, { name: 'x' }],
        ['DELETE', `/v1/check-groups/${id}`, undefined],
        ['GET', `/v1/check-groups/${id}/checks`, undefined],
        ['GET', `/v2/check-groups/${id}/checks`, undefined],
        ['GET', `/v1/check-groups/${id}/checks/00000000-0000-4000-8000-000000000000`, undefined],
      ] as const) {
        const res = await fixture.t.call(method, url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      }
    })
  })

  describe('isolation between accounts', () => {
    it('another account cannot read, list, change, delete or reference a group', async () => {
      const other = await fixture.t.otherAccount()
      const group = await create({ name: 'Mine' }, '?autoAssignAlerts=false')
      const check = await createCheck({ name: 'mine', groupId: group.id, request: { url: 'https://example.com' } })
      const as = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) => fixture.t.call(method, url, body, other.headers)
      const id = String(group.id)
      for (const [method, url, body] of [
        ['GET', `/v1/check-groups/${id}`, undefined],
        ['PUT', `/v2/check-groups/${id}`, { name: 'Theirs' }],
        ['DELETE', `/v1/check-groups/${id}`, undefined],
        ['GET', `/v1/check-groups/${id}/checks`, undefined],
        ['GET', `/v1/check-groups/${id}/checks/${String(check.id)}`, undefined],
      ] as const) {
        expect((await as(method, url, body)).statusCode, `${method} ${url}`).toBe(404)
      }
      const list = await as('GET', '/v1/check-groups?limit=100')
      expect(list.json()).toEqual([])
      expect(await total(other.headers)).toBe(0)
      const refer = await as('POST', '/v1/checks/api', { name: 'sneaky', groupId: group.id, request: { url: 'https://example.com' } })
      expect(refer.statusCode).toBe(400)
      expect(Object.keys(refer.json().attributes)).toContain('groupId')
      expect(await get(`/v1/check-groups/${id}`)).toMatchObject({ name: 'Mine' })
    })

    it("a group cannot reference another account's snippet, private location or alert channel", async () => {
      const other = await fixture.t.otherAccount()
      const snippet = await fixture.stores.snippets.insert(other.accountId, { name: 'theirs', script: 'x' }, Date.now())
      await fixture.stores.privateLocations.insert(other.accountId, { name: 'Theirs', slugName: 'their-pl' }, Date.now())
      const channel = await addChannel(other.accountId, 'them@example.com')
      await expectRejected('POST', '/v2/check-groups', { name: 'x', setupSnippetId: snippet.id }, 'setupSnippetId')
      await expectRejected('POST', '/v2/check-groups', { name: 'x', privateLocations: ['their-pl'] }, 'privateLocations[0]')
      await expectRejected(
        'POST',
        '/v2/check-groups',
        { name: 'x', alertChannelSubscriptions: [{ alertChannelId: channel, activated: true }] },
        'alertChannelSubscriptions[0].alertChannelId',
      )
    })
  })
})
