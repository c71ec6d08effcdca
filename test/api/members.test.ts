import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'
import { expectProblems } from '../helpers/bad-request.js'
import { consoleUser, invitedUser, PASSWORD, setupOwner, type ConsoleUser } from '../helpers/users.js'
import { memberSchemaProblems } from '../helpers/reference-members.js'

const apiBody = { name: 'mine', request: { url: 'https://example.com' } }
const DAY = 86_400_000

describe.each(testDbs)('members and invitations on $name', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  let reader: ConsoleUser
  const clock = new FakeClock(Date.UTC(2026, 2, 1))
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    owner = await setupOwner(t)
  })
  afterAll(() => t.close())

  const tokenOf = (res: { json(): unknown }) => (res.json() as { inviteUrl: string }).inviteUrl.split('#')[1] ?? ''

  it('invites with a link shown once, previews it without sign-in, and accepts it once as a new user', async () => {
    const res = await owner.call('POST', '/v1/accounts/me/invitations', { email: 'Reader@Example.com', role: 'READ_ONLY' })
    expect(res.statusCode, res.body).toBe(201)
    const invite = res.json()
    expect(invite).toMatchObject({ type: 'invite', email: 'reader@example.com', role: 'READ_ONLY', status: 'PENDING', inviterEmail: 'owner@example.com', accountId: t.accountId })
    expect(invite.inviteUrl).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/invite#[A-Za-z0-9_-]{43}$`))
    const { inviteUrl: _url, ...rest } = invite
    expect(memberSchemaProblems('invite', rest)).toEqual([])
    const token = tokenOf(res)
    const preview = await t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toEqual({
      accountName: 'Default account',
      email: 'reader@example.com',
      role: 'READ_ONLY',
      inviterEmail: 'owner@example.com',
      expiresAt: new Date(clock.now() + 7 * DAY).toISOString(),
      userExists: false,
    })
    expectProblems(await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { password: 'short' } }), { password: /at least 10/ })
    const accepted = await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { name: 'Rita Reader', password: PASSWORD } })
    reader = consoleUser(t, accepted, PASSWORD)
    expect(accepted.json().accounts).toEqual([{ id: t.accountId, name: 'Default account', role: 'READ_ONLY' }])
    expect((await t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { password: PASSWORD } })).statusCode).toBe(404)
  })

  it('refuses to invite a member again (409) and checks the fields', async () => {
    expect((await owner.call('POST', '/v1/accounts/me/invitations', { email: 'reader@example.com', role: 'ADMIN' })).statusCode).toBe(409)
    expectProblems(await owner.call('POST', '/v1/accounts/me/invitations', { email: 'x@example.com', role: 'OWNER' }), { role: /must be one of/ })
    expectProblems(await owner.call('POST', '/v1/accounts/me/invitations', { email: 'nope', role: 'ADMIN' }), { email: /e-mail/ })
  })

  it('lets a READ_ONLY member read but not change, by cookie', async () => {
    expect((await reader.call('GET', '/v1/checks')).statusCode).toBe(200)
    const res = await reader.call('POST', '/v1/checks/api', apiBody)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your role READ_ONLY may not change this account (READ_WRITE, ADMIN or OWNER is needed)',
      attributes: {},
    })
    expect((await reader.call('GET', '/v1/accounts/me/members')).statusCode).toBe(200)
    expect((await reader.call('GET', '/v1/accounts/me/api-keys')).statusCode).toBe(403)
    expect((await reader.call('POST', '/v1/accounts/me/invitations', { email: 'y@example.com', role: 'ADMIN' })).statusCode).toBe(403)
  })

  it('lists members and open invitations as the reference has them, with filters and a cursor', async () => {
    await owner.call('POST', '/v1/accounts/me/invitations', { email: 'later@example.com', role: 'READ_RUN' })
    const old = await owner.call('POST', '/v1/accounts/me/invitations', { email: 'old@example.com', role: 'READ_WRITE' })
    expect(old.statusCode).toBe(201)
    clock.advance(8 * DAY)
    await owner.call('POST', '/v1/accounts/me/invitations', { email: 'later@example.com', role: 'ADMIN' })
    const res = await owner.call('GET', '/v1/accounts/me/members')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(memberSchemaProblems('list', list)).toEqual([])
    expect(list.members.map((m: { email: string; status: string; role: string }) => `${m.email} ${m.status} ${m.role}`)).toEqual([
      'owner@example.com ACTIVE OWNER',
      'reader@example.com ACTIVE READ_ONLY',
      'old@example.com EXPIRED READ_WRITE',
      'later@example.com PENDING ADMIN',
    ])
    expect(list).toMatchObject({ length: 4, nextId: null })
    expect((await t.app.inject({ method: 'GET', url: `/v1/invitations/${tokenOf(old)}` })).statusCode).toBe(410)

    const q = async (query: string) => (await owner.call('GET', `/v1/accounts/me/members?${query}`)).json()
    expect((await q('type=invite&status=PENDING')).members.map((m: { email: string }) => m.email)).toEqual(['later@example.com'])
    expect((await q('search=RITA')).members.map((m: { email: string }) => m.email)).toEqual(['reader@example.com'])
    expect((await q('role=OWNER')).length).toBe(1)
    const first = await q('limit=3')
    expect(first.length).toBe(3)
    const second = await q(`limit=3&nextId=${first.nextId}`)
    expect(second).toMatchObject({ length: 1, nextId: null })
    expectProblems(await owner.call('GET', `/v1/accounts/me/members?limit=2&nextId=${first.nextId}`), { nextId: /cursor/ })
    expectProblems(await owner.call('GET', `/v1/accounts/me/members?nextId=${first.nextId}`), { nextId: /limit/ })
    expectProblems(await owner.call('GET', '/v1/accounts/me/members?status=GONE'), { status: /must be one of/ })
  })

  it('withdraws an invitation', async () => {
    const list = (await owner.call('GET', '/v1/accounts/me/members?type=invite')).json()
    const id = list.members[0].id as string
    expect((await owner.call('DELETE', `/v1/accounts/me/invitations/${id}`)).statusCode).toBe(204)
    expect((await owner.call('DELETE', `/v1/accounts/me/invitations/${id}`)).statusCode).toBe(404)
  })

  it('changes roles, never the owner, and removes members', async () => {
    const patched = await owner.call('PATCH', `/v1/accounts/me/members/${reader.userId}`, { role: 'READ_WRITE' })
    expect(patched.statusCode).toBe(200)
    expect(memberSchemaProblems('member', patched.json())).toEqual([])
    expect(patched.json()).toMatchObject({ userId: reader.userId, role: 'READ_WRITE', name: 'Rita Reader' })
    expect((await reader.call('POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
    expectProblems(await owner.call('PATCH', `/v1/accounts/me/members/${reader.userId}`, { role: 'OWNER' }), { role: /must be one of/ })
    expect((await owner.call('PATCH', `/v1/accounts/me/members/${owner.userId}`, { role: 'ADMIN' })).statusCode).toBe(403)
    expect((await owner.call('DELETE', `/v1/accounts/me/members/${owner.userId}`)).statusCode).toBe(403)
    expect((await owner.call('PATCH', '/v1/accounts/me/members/00000000-0000-4000-8000-000000000001', { role: 'ADMIN' })).statusCode).toBe(404)
    const admin = await invitedUser(t, 'admin@example.com', 'ADMIN')
    expect((await admin.call('PATCH', `/v1/accounts/me/members/${owner.userId}`, { role: 'READ_ONLY' })).statusCode).toBe(403)
    expect((await admin.call('DELETE', `/v1/accounts/me/members/${reader.userId}`)).statusCode).toBe(204)
    expect((await admin.call('DELETE', `/v1/accounts/me/members/${reader.userId}`)).statusCode).toBe(404)
    const gone = await reader.call('GET', '/v1/checks')
    expect(gone.statusCode).toBe(401)
    expect(gone.json().message).toMatch(/not a member/)
  })

  it('adds an existing user to another account with their own password only', async () => {
    const other = await t.otherAccount()
    const invite = await t.app.inject({ method: 'POST', url: '/v1/accounts/me/invitations', headers: other.headers, payload: { email: 'owner@example.com', role: 'READ_RUN' } })
    expect(invite.statusCode).toBe(201)
    const token = tokenOf(invite)
    expect((await t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` })).json()).toMatchObject({ userExists: true, accountName: 'Other' })
    const wrong = await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { password: 'not my password' } })
    expect(wrong.statusCode).toBe(401)
    const ok = await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { password: PASSWORD } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().accounts.map((a: { role: string }) => a.role)).toEqual(['OWNER', 'READ_RUN'])
    const accounts = await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { cookie: owner.cookie } })
    expect(accounts.json().map((a: { id: string }) => a.id)).toEqual([t.accountId, other.accountId])
    const run = await owner.call('POST', '/v1/checks/api', apiBody, { 'x-service-account': other.accountId })
    expect(run.statusCode).toBe(403)
    expect(run.json().message).toMatch(/READ_RUN may not change/)
  })
})
