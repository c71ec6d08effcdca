/** Console users for API tests: the first user through the setup link, others through invitations, with cookies. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from './app.js'

export const PASSWORD = 'correct horse battery'

export interface ConsoleUser {
  userId: string
  email: string
  password: string
  /** `picket_session=<token>` */
  cookie: string
  csrfToken: string
  /** Cookie, account and CSRF headers for the test app's account. */
  headers: Record<string, string>
  /** Inject as this user in the test app's account (CSRF token included). */
  call(method: InjectOptions['method'], url: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<LightMyRequestResponse>
}

/** The `name=value` part of the response's session cookie. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie']
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((l) => l.startsWith('picket_session='))
  expect(line, 'a picket_session cookie').toBeDefined()
  return (line ?? '').split(';')[0] ?? ''
}

export function consoleUser(t: TestApp, res: LightMyRequestResponse, password: string): ConsoleUser {
  expect(res.statusCode, res.body).toBe(200)
  const info = res.json<{ user: { id: string; email: string }; csrfToken: string }>()
  const cookie = sessionCookieOf(res)
  const headers = { cookie, 'x-service-account': t.accountId, 'x-csrf-token': info.csrfToken }
  return {
    userId: info.user.id,
    email: info.user.email,
    password,
    cookie,
    csrfToken: info.csrfToken,
    headers,
    call: (method, url, body, extraHeaders) => t.app.inject({ method, url, headers: { ...headers, ...extraHeaders }, ...(body === undefined ? {} : { payload: body as object }) }),
  }
}

/** Creates the first user (OWNER of the test app's account) through a setup link. */
export async function setupOwner(t: TestApp, email = 'owner@example.com'): Promise<ConsoleUser> {
  const token = await t.services.users.createSetupLink()
  expect(token).not.toBeNull()
  const res = await t.app.inject({ method: 'POST', url: '/v1/auth/setup', payload: { token, email, name: 'Olive Owner', password: PASSWORD } })
  return consoleUser(t, res, PASSWORD)
}

/** Invites an address with a role (with the bootstrap key) and accepts the invitation as a new user. */
export async function invitedUser(t: TestApp, email: string, role: string, password = PASSWORD): Promise<ConsoleUser> {
  const invite = await t.call('POST', '/v1/accounts/me/invitations', { email, role })
  expect(invite.statusCode, invite.body).toBe(201)
  const token = invite.json<{ inviteUrl: string }>().inviteUrl.split('#')[1] ?? ''
  const res = await t.app.inject({ method: 'POST', url: `/v1/invitations/${token}/accept`, payload: { name: email.split('@')[0], password } })
  return consoleUser(t, res, password)
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<ConsoleUser> {
  return consoleUser(t, await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password } }), password)
}
