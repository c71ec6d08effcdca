import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectProblems } from '../helpers/bad-request.js'
import { invitedUser, setupOwner, type ConsoleUser } from '../helpers/users.js'

const apiBody = { name: 'mine', request: { url: 'https://example.com' } }

describe.each(testDbs)('API keys of users on $name', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  let admin: ConsoleUser
  beforeAll(async () => {
    t = await startTestApp(db)
    owner = await setupOwner(t)
    admin = await invitedUser(t, 'admin@example.com', 'ADMIN')
  })
  afterAll(() => t.close())

  const keyHeaders = (apiKey: string) => ({ authorization: `Bearer ${apiKey}`, 'x-service-account': t.accountId })
  const withKey = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: keyHeaders(apiKey), ...(payload ? { payload } : {}) })

  it('creates a key shown once, lists keys with their maker and role, and revokes them', async () => {
    const res = await admin.call('POST', '/v1/accounts/me/api-keys', { name: 'ci' })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({ name: 'ci', revokedAt: null, createdBy: { id: admin.userId, email: 'admin@example.com' }, role: 'ADMIN' })
    expect(created.apiKey).toMatch(/^pk_/)
    expect(created.prefix).toBe(`${String(created.apiKey).slice(0, 7)}…`)
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false)
    const list = (await owner.call('GET', '/v1/accounts/me/api-keys')).json()
    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({ name: 'default', createdBy: null, role: 'OWNER', revokedAt: null })
    expect(list[1]).toEqual({ ...created, apiKey: undefined })
    expect(JSON.stringify(list)).not.toContain(created.apiKey)
    expect((await withKey(created.apiKey, 'POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)

    expect((await owner.call('DELETE', `/v1/accounts/me/api-keys/${created.id}`)).statusCode).toBe(204)
    expect((await owner.call('DELETE', `/v1/accounts/me/api-keys/${created.id}`)).statusCode).toBe(404)
    expect((await withKey(created.apiKey, 'GET', '/v1/checks')).statusCode).toBe(401)
    expect((await owner.call('GET', '/v1/accounts/me/api-keys')).json()[1].revokedAt).toMatch(/^\d{4}-/)
    const other = await t.otherAccount()
    const foreign = (await t.app.inject({ method: 'GET', url: '/v1/accounts/me/api-keys', headers: other.headers })).json()[0].id as string
    expect((await owner.call('DELETE', `/v1/accounts/me/api-keys/${foreign}`)).statusCode).toBe(404)
  })

  it('checks the name', async () => {
    expectProblems(await owner.call('POST', '/v1/accounts/me/api-keys', {}), { name: /required/ })
    expectProblems(await owner.call('POST', '/v1/accounts/me/api-keys', { name: 'x'.repeat(101) }), { name: /at most 100/ })
    expectProblems(await owner.call('POST', '/v1/accounts/me/api-keys', { name: '   ' }), { name: /empty/ })
  })

  it("acts with its user's current role: demoted to READ_ONLY it may read but not write", async () => {
    const key = (await admin.call('POST', '/v1/accounts/me/api-keys', { name: 'admin key' })).json().apiKey as string
    expect((await withKey(key, 'POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
    expect((await owner.call('PATCH', `/v1/accounts/me/members/${admin.userId}`, { role: 'READ_ONLY' })).statusCode).toBe(200)
    expect((await withKey(key, 'GET', '/v1/checks')).statusCode).toBe(200)
    const write = await withKey(key, 'POST', '/v1/checks/api', apiBody)
    expect(write.statusCode).toBe(403)
    expect(write.json().message).toMatch(/READ_ONLY may not change/)
    expect((await admin.call('POST', '/v1/checks/api', apiBody)).statusCode).toBe(403)
    expect((await withKey(key, 'GET', '/v1/accounts/me/api-keys')).statusCode).toBe(403)
    expect((await owner.call('GET', '/v1/accounts/me/api-keys')).json().at(-1)).toMatchObject({ name: 'admin key', role: 'READ_ONLY' })

    expect((await owner.call('DELETE', `/v1/accounts/me/members/${admin.userId}`)).statusCode).toBe(204)
    expect((await withKey(key, 'GET', '/v1/checks')).statusCode).toBe(401)
  })

  it('keeps operator keys (no user) acting as OWNER', async () => {
    const res = await t.call('POST', '/v1/accounts/me/api-keys', { name: 'operator' })
    expect(res.json()).toMatchObject({ createdBy: null, role: 'OWNER' })
    const key = res.json().apiKey as string
    expect((await withKey(key, 'POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
    expect((await withKey(key, 'GET', '/v1/accounts/me/api-keys')).statusCode).toBe(200)
    const accounts = await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { authorization: `Bearer ${key}` } })
    expect(accounts.statusCode).toBe(200)
    expect(accounts.json()).toEqual([expect.objectContaining({ id: t.accountId, name: 'Default account' })])
  })
})
