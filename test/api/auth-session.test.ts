import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'
import { expectProblems } from '../helpers/bad-request.js'
import { PASSWORD, sessionCookieOf, signIn, type ConsoleUser } from '../helpers/users.js'

const apiBody = { name: 'mine', request: { url: 'https://example.com' } }

describe.each(testDbs)('console sign-in and sessions on $name', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  const clock = new FakeClock(Date.UTC(2026, 2, 1))
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(() => t.close())

  it('creates the first user once with the newest setup link, and checks its fields', async () => {
    const old = await t.services.users.createSetupLink()
    const token = await t.services.users.createSetupLink()
    const setup = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth/setup', payload })
    expectProblems(await setup({ token: old, email: 'owner@example.com', name: 'O', password: PASSWORD }), { token: /setup link/ })
    expectProblems(await setup({ token, email: 'not-an-address', name: 'O', password: PASSWORD }), { email: /e-mail/ })
    expectProblems(await setup({ token, email: 'owner@example.com', name: 'O', password: 'short' }), { password: /at least 10/ })
    expectProblems(await setup({ token, email: 'owner@example.com', name: 'O' }), { password: /required/ })
    const res = await setup({ token, email: 'Owner@Example.com', name: 'Olive Owner', password: PASSWORD })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ user: { email: 'owner@example.com', name: 'Olive Owner' }, accounts: [{ id: t.accountId, role: 'OWNER' }] })
    expect(res.json().csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expectProblems(await setup({ token, email: 'second@example.com', name: 'S', password: PASSWORD }), { token: /setup link/ })
    expect(await t.services.users.createSetupLink()).toBeNull()
    owner = await signIn(t, 'owner@example.com')
  })

  it('sets an HttpOnly, SameSite=Strict cookie whose token is stored only hashed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'owner@example.com', password: PASSWORD } })
    expect(res.statusCode).toBe(200)
    const line = String(res.headers['set-cookie'])
    expect(line).toMatch(/^picket_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/)
    const token = sessionCookieOf(res).split('=')[1] ?? ''
    const rows = await t.store.db.selectFrom('login_sessions').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('answers a wrong password and an unknown e-mail alike', async () => {
    for (const payload of [
      { email: 'owner@example.com', password: 'wrong password!' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload, remoteAddress: '10.0.0.9' })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Wrong e-mail or password', attributes: {} })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    expectProblems(await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'owner@example.com' } }), { password: /required/ })
  })

  it('refuses the 11th try within 15 minutes per e-mail and per address, with Retry-After', async () => {
    const attempt = (email: string, ip: string, password = 'wrong password!') =>
      t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password }, remoteAddress: ip })
    clock.advance(15 * 60_000 + 1) // the failures of the test before are out of the window
    for (let i = 0; i < 10; i++) expect((await attempt('owner@example.com', `10.1.0.${i}`)).statusCode).toBe(401)
    const locked = await attempt('owner@example.com', '10.1.1.1', PASSWORD)
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(locked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    for (let i = 0; i < 10; i++) expect((await attempt(`x${i}@example.com`, '10.2.0.1')).statusCode).toBe(401)
    expect((await attempt('someone@example.com', '10.2.0.1')).statusCode).toBe(429)
    clock.advance(15 * 60_000 + 1)
    expect((await attempt('owner@example.com', '10.1.1.1', PASSWORD)).statusCode).toBe(200)
  })

  it('answers the session, and 401 without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      user: { id: owner.userId, email: 'owner@example.com', name: 'Olive Owner' },
      accounts: [{ id: t.accountId, name: 'Default account', role: 'OWNER' }],
      csrfToken: owner.csrfToken,
    })
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/session' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: 'picket_session=nope' } })).statusCode).toBe(401)
  })

  it('uses the cookie for the API: reads freely, changes only with the CSRF token from this origin', async () => {
    expect((await owner.call('GET', '/v1/checks')).statusCode).toBe(200)
    const noToken = await t.app.inject({ method: 'POST', url: '/v1/checks/api', payload: apiBody, headers: { cookie: owner.cookie, 'x-service-account': t.accountId } })
    expect(noToken.statusCode).toBe(403)
    expect(noToken.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Cross-site request refused', attributes: {} })
    expect((await owner.call('POST', '/v1/checks/api', apiBody, { 'x-csrf-token': 'x'.repeat(43) })).statusCode).toBe(403)
    expect((await owner.call('POST', '/v1/checks/api', apiBody, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await owner.call('POST', '/v1/checks/api', apiBody, { origin: PUBLIC_BASE_URL })).statusCode).toBe(201)
    expect((await owner.call('POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
  })

  it('needs the account header and membership of that account', async () => {
    const other = await t.otherAccount()
    const noAccount = await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { cookie: owner.cookie } })
    expect(noAccount.statusCode).toBe(401)
    const notMember = await owner.call('GET', '/v1/checks', undefined, { 'x-service-account': other.accountId })
    expect(notMember.statusCode).toBe(401)
    expect(notMember.json().message).toMatch(/not a member/)
  })

  it('lets a bearer key win over a cookie', async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'POST', url: '/v1/checks/api', payload: apiBody, headers: { ...other.headers, cookie: owner.cookie } })
    expect(res.statusCode).toBe(201)
    const list = await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { ...other.headers, cookie: owner.cookie } })
    expect(list.json()).toEqual([expect.objectContaining({ id: other.accountId })])
  })

  it('lists the accounts of the session without an account header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { cookie: owner.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ id: t.accountId, name: 'Default account' }])
  })

  it('changes the password: checks both fields, keeps this session and ends the others', async () => {
    const second = await signIn(t, 'owner@example.com')
    const put = (body: object, headers = owner.headers) => t.app.inject({ method: 'PUT', url: '/v1/auth/password', payload: body, headers })
    expectProblems(await put({ currentPassword: 'wrong password!', newPassword: 'another good one' }), { currentPassword: /current password/ })
    expectProblems(await put({ currentPassword: PASSWORD, newPassword: 'short' }), { newPassword: /at least 10/ })
    expect((await put({ currentPassword: PASSWORD, newPassword: 'another good one' }, { cookie: owner.cookie })).statusCode).toBe(403)
    expect((await put({ currentPassword: PASSWORD, newPassword: 'another good one' }, {})).statusCode).toBe(401)
    expect((await put({ currentPassword: PASSWORD, newPassword: 'another good one' })).statusCode).toBe(204)
    expect((await owner.call('GET', '/v1/checks')).statusCode).toBe(200)
    expect((await second.call('GET', '/v1/checks')).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'owner@example.com', password: PASSWORD } })).statusCode).toBe(401)
    const again = await signIn(t, 'owner@example.com', 'another good one')
    expect(again.userId).toBe(owner.userId)
  })

  it('ends a session after 14 idle days, keeps a used one, and never past 30 days', async () => {
    const user = await signIn(t, 'owner@example.com', 'another good one')
    for (let day = 0; day < 29; day += 7) {
      expect((await user.call('GET', '/v1/checks')).statusCode, `day ${day}`).toBe(200)
      clock.advance(7 * 86_400_000)
    }
    expect((await user.call('GET', '/v1/checks')).statusCode).toBe(401)
    const idle = await signIn(t, 'owner@example.com', 'another good one')
    clock.advance(14 * 86_400_000)
    const before = await t.store.db.selectFrom('login_sessions').selectAll().execute()
    await t.services.logins.prune()
    const after = await t.store.db.selectFrom('login_sessions').selectAll().execute()
    expect(after.length).toBeLessThan(before.length)
    expect((await idle.call('GET', '/v1/checks')).statusCode).toBe(401)
  })

  it('signs out: the session ends, the cookie is cleared, and signing out again still works', async () => {
    const user = await signIn(t, 'owner@example.com', 'another good one')
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: { cookie: user.cookie } })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/^picket_session=; Max-Age=0;.*HttpOnly; SameSite=Strict$/)
    expect((await user.call('GET', '/v1/checks')).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: user.cookie } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: { cookie: user.cookie } })).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/sign-out' })).statusCode).toBe(204)
  })

  it('keeps the bootstrap key working with full access', async () => {
    expect((await t.call('POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
    expect((await t.call('GET', '/v1/accounts/me/api-keys')).statusCode).toBe(200)
  })
})

describe.each(testDbs)('the operator admin on $name', (db) => {
  it('creates the admin once as OWNER and never changes an existing password', async () => {
    const t = await startTestApp(db)
    try {
      expect(await t.services.users.ensureAdmin('Admin@Example.com', 'first password')).toBe(true)
      expect(await t.services.users.ensureAdmin('admin@example.com', 'second password')).toBe(false)
      expect(await t.services.users.createSetupLink()).toBeNull()
      const user = await signIn(t, 'admin@example.com', 'first password')
      expect((await user.call('GET', '/v1/accounts/me/members')).json().members[0]).toMatchObject({ email: 'admin@example.com', role: 'OWNER' })
    } finally {
      await t.close()
    }
  })
})
