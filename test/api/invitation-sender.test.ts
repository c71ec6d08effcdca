/**
 * An invitation carries its sender's standing: once the member who sent it has left the account, or may no
 * longer invite with the role it grants, it can be neither opened nor accepted, so a removed admin cannot come
 * back through an invitation they sent before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { invitedUser, PASSWORD, setupOwner, type ConsoleUser } from '../helpers/users.js'

const VOID = /no longer valid.*may no longer invite/

function expectVoid(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(410)
  const body = res.json<{ statusCode: number; error: string; message: string; attributes: unknown }>()
  expect(body).toMatchObject({ statusCode: 410, error: 'Gone', attributes: {} })
  expect(body.message).toMatch(VOID)
}

describe.each(testDbs)('invitations and the standing of their sender on $name', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  beforeAll(async () => {
    t = await startTestApp(db)
    owner = await setupOwner(t)
  })
  afterAll(() => t.close())

  const tokenOf = (res: LightMyRequestResponse) => res.json<{ inviteUrl: string }>().inviteUrl.split('#')[1] ?? ''
  const preview = (token: string) => t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` })
  const accept = (token: string) => t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { name: 'Alt', password: PASSWORD } })
  const memberEmails = async () => (await owner.call('GET', '/v1/accounts/me/members?type=member')).json<{ members: Array<{ email: string }> }>().members.map((m) => m.email)

  /** An admin who sends an invitation; then the owner changes the admin's standing. */
  async function inviteThen(n: number, role: string, change: (admin: ConsoleUser) => Promise<LightMyRequestResponse>): Promise<string> {
    const admin = await invitedUser(t, `admin${n}@example.com`, 'ADMIN')
    const sent = await admin.call('POST', '/v1/accounts/me/invitations', { email: `alt${n}@example.com`, role })
    expect(sent.statusCode, sent.body).toBe(201)
    const token = tokenOf(sent)
    expect((await preview(token)).statusCode).toBe(200)
    const changed = await change(admin)
    expect(changed.statusCode, changed.body).toBeLessThan(300)
    return token
  }

  it.each([
    { n: 1, role: 'ADMIN', how: 'removed', change: (a: ConsoleUser) => owner.call('DELETE', `/v1/accounts/me/members/${a.userId}`) },
    { n: 2, role: 'READ_ONLY', how: 'removed', change: (a: ConsoleUser) => owner.call('DELETE', `/v1/accounts/me/members/${a.userId}`) },
    { n: 3, role: 'ADMIN', how: 'demoted to READ_WRITE', change: (a: ConsoleUser) => owner.call('PATCH', `/v1/accounts/me/members/${a.userId}`, { role: 'READ_WRITE' }) },
    { n: 4, role: 'READ_RUN', how: 'demoted to READ_ONLY', change: (a: ConsoleUser) => owner.call('PATCH', `/v1/accounts/me/members/${a.userId}`, { role: 'READ_ONLY' }) },
  ])('an invitation granting $role from an admin who was $how can be neither opened nor accepted', async ({ n, role, change }) => {
    const token = await inviteThen(n, role, change)
    expectVoid(await preview(token))
    expectVoid(await accept(token))
    expect(await memberEmails()).not.toContain(`alt${n}@example.com`)
  })

  it('stays void when the sender is made an admin again', async () => {
    const token = await inviteThen(5, 'ADMIN', (a) => owner.call('PATCH', `/v1/accounts/me/members/${a.userId}`, { role: 'READ_ONLY' }))
    const admin = (await owner.call('GET', '/v1/accounts/me/members?search=admin5')).json<{ members: Array<{ userId: string }> }>().members[0]?.userId ?? ''
    expect((await owner.call('PATCH', `/v1/accounts/me/members/${admin}`, { role: 'ADMIN' })).statusCode).toBe(200)
    expect((await accept(token)).statusCode).toBe(410)
    expect(await memberEmails()).not.toContain('alt5@example.com')
  })

  it('is checked when accepted, whatever removed the sender', async () => {
    const token = await inviteThen(6, 'ADMIN', async (a) => {
      // Straight in the store: the check at acceptance holds even when nothing voided the invitation.
      await t.store.db.deleteFrom('memberships').where('account_id', '=', t.accountId).where('user_id', '=', a.userId).execute()
      return { statusCode: 204 } as LightMyRequestResponse
    })
    expectVoid(await accept(token))
    expect(await memberEmails()).not.toContain('alt6@example.com')
  })

  it("keeps an invitation of an admin in good standing, and one made with the account's API key", async () => {
    const token = await inviteThen(7, 'ADMIN', (a) => owner.call('PATCH', `/v1/accounts/me/members/${a.userId}`, { role: 'ADMIN' }))
    expect((await accept(token)).statusCode).toBe(200)
    const byKey = await t.call('POST', '/v1/accounts/me/invitations', { email: 'alt8@example.com', role: 'READ_ONLY' })
    expect((await accept(tokenOf(byKey))).statusCode).toBe(200)
    expect(await memberEmails()).toEqual(expect.arrayContaining(['alt7@example.com', 'alt8@example.com']))
  })
})
