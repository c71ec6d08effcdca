/**
 * A trigger's token runs its check or group without an API key, so only roles that may start runs see it:
 * READ_ONLY members are refused (403 with the role needed) by session and by API key alike; changing triggers
 * needs READ_WRITE as any other change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { invitedUser, setupOwner, type ConsoleUser } from '../helpers/users.js'

type Call = (method: InjectOptions['method'], url: string) => Promise<LightMyRequestResponse>

const RUN_NEEDED = 'Your role READ_ONLY may not start runs in this account (READ_RUN, READ_WRITE, ADMIN or OWNER is needed)'
const WRITE_NEEDED = /^Your role READ_(ONLY|RUN) may not change this account \(READ_WRITE, ADMIN or OWNER is needed\)$/

describe.each(testDbs)('who sees trigger tokens on $name', (db) => {
  let t: TestApp
  const as: Record<string, Call> = {}
  const tokens: string[] = []
  let url: Record<'check' | 'group', string>

  beforeAll(async () => {
    t = await startTestApp(db)
    const owner = await setupOwner(t)
    const check = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'triggered', activated: false, request: { url: 'https://example.com' } })
    const group = await t.call('POST', '/v2/check-groups', { name: 'triggered', locations: ['eu-west-1'] })
    expect([check.statusCode, group.statusCode], `${check.body} ${group.body}`).toEqual([201, 201])
    url = { check: `/v1/triggers/checks/${check.json<{ id: string }>().id}`, group: `/v1/triggers/check-groups/${group.json<{ id: number }>().id}` }
    for (const u of Object.values(url)) tokens.push((await t.call('POST', u)).json<{ token: string }>().token)

    const byCookie =
      (u: ConsoleUser): Call =>
      (method, path) =>
        u.call(method, path)
    as.readOnlySession = byCookie(await invitedUser(t, 'reader@example.com', 'READ_ONLY'))
    as.readRunSession = byCookie(await invitedUser(t, 'runner@example.com', 'READ_RUN'))
    // A key acts with its maker's current role: made by an admin, then the admin is demoted.
    const maker = await invitedUser(t, 'demoted@example.com', 'ADMIN')
    const key = (await maker.call('POST', '/v1/accounts/me/api-keys', { name: 'ci' })).json<{ apiKey: string }>().apiKey
    expect((await owner.call('PATCH', `/v1/accounts/me/members/${maker.userId}`, { role: 'READ_ONLY' })).statusCode).toBe(200)
    as.readOnlyKey = (method, path) => t.app.inject({ method, url: path, headers: { authorization: `Bearer ${key}`, 'x-service-account': t.accountId } })
  })
  afterAll(() => t.close())

  const expectRefused = (res: LightMyRequestResponse, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', attributes: {} })
    expect(res.json<{ message: string }>().message).toMatch(message)
    for (const token of tokens) expect(res.body).not.toContain(token)
  }

  it.each([
    { who: 'readOnlySession', target: 'check' },
    { who: 'readOnlySession', target: 'group' },
    { who: 'readOnlyKey', target: 'check' },
    { who: 'readOnlyKey', target: 'group' },
  ] as const)('refuses $who the token of the $target trigger, and any change of it', async ({ who, target }) => {
    const call = as[who] as Call
    expectRefused(await call('GET', url[target]), RUN_NEEDED)
    expectRefused(await call('POST', url[target]), WRITE_NEEDED)
    expectRefused(await call('DELETE', url[target]), WRITE_NEEDED)
  })

  it.each(['check', 'group'] as const)('shows READ_RUN the token of the %s trigger but lets it change nothing', async (target) => {
    const call = as.readRunSession as Call
    const res = await call('GET', url[target])
    expect(res.statusCode, res.body).toBe(200)
    expect(tokens).toContain(res.json<{ token: string }>().token)
    expectRefused(await call('POST', url[target]), WRITE_NEEDED)
    expectRefused(await call('DELETE', url[target]), WRITE_NEEDED)
  })
})
