/**
 * The account-id routes answer for the caller's own account exactly as the /me ones do, and never show or change
 * another account: its id is a 404 (403 for members) whether it exists or not. Entitlements say what this
 * installation has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { invitedUser, setupOwner } from '../helpers/users.js'

type Json = Record<string, unknown>
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(testDbs)('account-id routes on $name', (db) => {
  let t: TestApp
  let other: Awaited<ReturnType<TestApp['otherAccount']>>
  let memberId: string
  beforeAll(async () => {
    t = await startTestApp(db)
    await setupOwner(t)
    memberId = (await invitedUser(t, 'rita@example.com', 'READ_WRITE')).userId
    other = await t.otherAccount()
  })
  afterAll(() => t.close())

  const as = (headers: Record<string, string>, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

  it.each(['', '/entitlements', '/members'])('GET /v1/accounts/{own id}%s answers as /v1/accounts/me%s does', async (suffix) => {
    const mine = await t.call('GET', `/v1/accounts/${t.accountId}${suffix}`)
    const me = await t.call('GET', `/v1/accounts/me${suffix}`)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toEqual(me.json())
  })

  it.each<[string, 'GET' | 'PATCH' | 'DELETE', string, Json | undefined, number]>([
    ['the account', 'GET', '', undefined, 404],
    ['its entitlements', 'GET', '/entitlements', undefined, 404],
    ['its members', 'GET', '/members', undefined, 403],
    ['a member role', 'PATCH', '/members/{member}', { role: 'READ_ONLY' }, 403],
    ['a member removal', 'DELETE', '/members/{member}', undefined, 403],
  ])('another account: %s is refused, existing or not, and nothing changes', async (_name, method, suffix, body, status) => {
    for (const accountId of [other.accountId, UNKNOWN]) {
      const res = await t.call(method, `/v1/accounts/${accountId}${suffix.replace('{member}', memberId)}`, body)
      expect(res.statusCode, res.body).toBe(status)
      expect(res.body).not.toContain('Other')
    }
    // The other account's key cannot reach this account's members through this account's id either.
    const res = await as(other.headers, method, `/v1/accounts/${t.accountId}${suffix.replace('{member}', memberId)}`, body)
    expect(res.statusCode).toBe(status)
    expect(res.body).not.toContain('rita@example.com')
    const members = (await t.call('GET', '/v1/accounts/me/members')).json() as { members: Json[] }
    expect(members.members.find((m) => m.userId === memberId)).toMatchObject({ role: 'READ_WRITE' })
  })

  it('entitlements: every feature this installation has is enabled, the ones it lacks are not, limits it enforces are metered', async () => {
    const body = (await t.call('GET', '/v1/accounts/me/entitlements')).json() as { plan: string; locations: { all: Json[]; maxPerCheck?: number }; entitlements: Json[] }
    expect(body.plan).toBe('self-hosted')
    expect(body.locations.maxPerCheck).toBeUndefined()
    expect(body.locations.all.length).toBeGreaterThan(20)
    expect(body.locations.all.every((l) => l.available === true)).toBe(true)
    const byKey = new Map(body.entitlements.map((e) => [e.key, e]))
    expect(byKey.get('CHECK_TYPE_API')).toMatchObject({ type: 'flag', enabled: true })
    expect(byKey.get('CHECK_TYPE_GRPC')).toMatchObject({ type: 'flag', enabled: true })
    expect(byKey.get('ALERT_CHANNEL_WEBHOOK')).toMatchObject({ enabled: true })
    expect(byKey.get('ALERT_CHANNEL_PAGERDUTY')).toMatchObject({ enabled: false })
    expect(byKey.get('PRIVATE_LOCATION_KEYS')).toMatchObject({ type: 'metered', enabled: true, quantity: 2 })
    expect(byKey.get('CHECK_ENVIRONMENT_VARIABLES')).toMatchObject({ type: 'metered', quantity: 50 })
    // Flags carry no quantity: only metered entitlements do.
    expect(body.entitlements.filter((e) => e.type === 'flag').every((e) => e.quantity === undefined)).toBe(true)
  })

  it('members under the own account id need the manage permission to change, as under /me', async () => {
    const reader = await invitedUser(t, 'rudy@example.com', 'READ_ONLY')
    expect((await reader.call('GET', `/v1/accounts/${t.accountId}/members`)).statusCode).toBe(200)
    expect((await reader.call('PATCH', `/v1/accounts/${t.accountId}/members/${memberId}`, { role: 'ADMIN' })).statusCode).toBe(403)
    expect((await reader.call('DELETE', `/v1/accounts/${t.accountId}/members/${memberId}`)).statusCode).toBe(403)
  })
})
