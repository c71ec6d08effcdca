import { describe, expect, it } from 'vitest'
import { encodeCursor, pageMemberList, type InviteItem, type MemberItem, type MemberListQuery } from '../../src/domain/users/member-list.js'
import { loginRetryAfterMs, sessionAlive, sessionNeedsTouch, LOGIN_WINDOW_MS, SESSION_IDLE_MS } from '../../src/domain/users/session-rules.js'
import { emailProblem } from '../../src/domain/users/email.js'
import { ValidationError } from '../../src/domain/errors.js'

const member = (email: string, role: string, name: string | null = null): MemberItem => ({ type: 'member', email, role, name, status: 'ACTIVE' })
const invite = (email: string, role: string, status: InviteItem['status'] = 'PENDING'): InviteItem => ({ type: 'invite', email, role, status })
const items = [
  member('ana@example.com', 'OWNER', 'Ana'),
  member('bo@example.com', 'READ_ONLY', 'Bo Reader'),
  invite('cy@example.com', 'ADMIN'),
  invite('di@example.com', 'READ_ONLY', 'EXPIRED'),
]
const emails = (q: MemberListQuery) => pageMemberList(items, q).items.map((i) => i.email)

describe('member list filters', () => {
  it.each<[MemberListQuery, string[]]>([
    [{}, ['ana@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com']],
    [{ search: '  ' }, ['ana@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com']],
    [{ search: 'READER' }, ['bo@example.com']],
    [{ search: 'cy@' }, ['cy@example.com']],
    [{ type: 'invite' }, ['cy@example.com', 'di@example.com']],
    [{ role: 'READ_ONLY' }, ['bo@example.com', 'di@example.com']],
    [{ status: 'EXPIRED' }, ['di@example.com']],
    [{ type: 'member', status: 'PENDING' }, []],
  ])('%j', (q, want) => expect(emails(q)).toEqual(want))
})

describe('member list cursor', () => {
  it('pages through with limit and nextId, and ends with null', () => {
    const first = pageMemberList(items, { limit: 3 })
    expect(first.items).toHaveLength(3)
    const second = pageMemberList(items, { limit: 3, nextId: first.nextId ?? '' })
    expect(second).toEqual({ items: [items[3]], nextId: null })
  })
  it.each<[string, MemberListQuery]>([
    ['without limit', { nextId: encodeCursor({ limit: 2 }, 2) }],
    ['of other filters', { limit: 2, role: 'ADMIN', nextId: encodeCursor({ limit: 2 }, 2) }],
    ['made up', { limit: 2, nextId: 'garbage' }],
  ])('refuses a cursor %s', (_why, q) => expect(() => pageMemberList(items, q)).toThrow(ValidationError))
})

describe('session and sign-in rules', () => {
  const t0 = Date.UTC(2026, 0, 1)
  it.each<[string, { last_seen_at: number; expires_at: number }, number, boolean]>([
    ['fresh', { last_seen_at: t0, expires_at: t0 + 30 * 86_400_000 }, t0 + 1000, true],
    ['idle 14 days', { last_seen_at: t0, expires_at: t0 + 30 * 86_400_000 }, t0 + SESSION_IDLE_MS, false],
    ['used but past 30 days', { last_seen_at: t0 - 1000, expires_at: t0 }, t0, false],
  ])('a session %s is alive: %s', (_name, s, now, alive) => expect(sessionAlive(s, now)).toBe(alive))

  it('records a use at most once a minute', () => {
    expect(sessionNeedsTouch({ last_seen_at: t0, expires_at: t0 + 1 }, t0 + 59_999)).toBe(false)
    expect(sessionNeedsTouch({ last_seen_at: t0, expires_at: t0 + 1 }, t0 + 60_000)).toBe(true)
  })

  it.each<[string, Array<{ window_start: number; failures: number }>, number]>([
    ['no counters', [], 0],
    ['9 failures', [{ window_start: t0, failures: 9 }], 0],
    ['10 failures', [{ window_start: t0, failures: 10 }], LOGIN_WINDOW_MS - 1000],
    ['10 failures in an ended window', [{ window_start: t0 - LOGIN_WINDOW_MS, failures: 10 }], 0],
    [
      'the longer wait of two',
      [
        { window_start: t0 - 5000, failures: 12 },
        { window_start: t0, failures: 10 },
      ],
      LOGIN_WINDOW_MS - 1000,
    ],
  ])('sign-in wait with %s', (_name, windows, want) => expect(loginRetryAfterMs(windows, t0 + 1000)).toBe(want))

  it.each<[unknown, boolean]>([
    ['ana@example.com', true],
    [' Ana@Example.COM ', true],
    ['ana@localhost', true],
    ['ana', false],
    ['ana@', false],
    ['a b@example.com', false],
    ['ana@example..com', false],
    [42, false],
  ])('e-mail %j is acceptable: %s', (email, ok) => expect(emailProblem(email) === null).toBe(ok))
})
