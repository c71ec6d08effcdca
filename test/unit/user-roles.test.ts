/** What each account role may do, and what a request needs. */
import { describe, expect, it } from 'vitest'
import { allows, isRole, mayInviteAs, requiredPermission, ROLES, type Permission } from '../../src/domain/users/roles.js'

describe('account roles', () => {
  const PERMISSIONS: Permission[] = ['read', 'run', 'write', 'manage', 'own']
  it.each([
    ['OWNER', ['read', 'run', 'write', 'manage', 'own']],
    ['ADMIN', ['read', 'run', 'write', 'manage']],
    ['READ_WRITE', ['read', 'run', 'write']],
    ['READ_RUN', ['read', 'run']],
    ['READ_ONLY', ['read']],
  ] as const)('%s may %j and nothing else', (role, granted) => {
    expect(PERMISSIONS.filter((p) => allows(role, p))).toEqual(granted)
  })

  it.each([
    ['GET', '/v1/checks', 'read'],
    ['HEAD', '/v1/checks/:id', 'read'],
    ['GET', '/v1/accounts/me/members', 'read'],
    ['GET', '/v1/accounts/me/api-keys', 'manage'],
    ['GET', '/v1/triggers/checks/:checkId', 'run'],
    ['HEAD', '/v1/triggers/check-groups/:groupId', 'run'],
    ['POST', '/v1/triggers/checks/:checkId', 'write'],
    ['DELETE', '/v1/triggers/check-groups/:groupId', 'write'],
    ['POST', '/v1/checks/api', 'write'],
    ['POST', '/v1/analytics/checks', 'read'],
    ['PUT', '/v1/checks/api/:id', 'write'],
    ['DELETE', '/v1/checks/:id', 'write'],
    ['post', '/v1/check-sessions/trigger', 'run'],
    ['POST', '/v2/check-sessions/trigger', 'run'],
    ['POST', '/v1/check-sessions/:checkSessionId/cancel', 'run'],
    ['PATCH', '/v1/accounts/me/members/:userId', 'manage'],
    ['DELETE', '/v1/accounts/me/members/:userId', 'manage'],
    ['POST', '/v1/accounts/me/api-keys', 'manage'],
    ['POST', '/v1/accounts/me/memberships', 'write'],
  ])('%s %s needs %s', (method, url, permission) => {
    expect(requiredPermission(method, url)).toBe(permission)
  })

  it.each([
    ['OWNER', 'ADMIN', true],
    ['ADMIN', 'ADMIN', true],
    ['ADMIN', 'READ_ONLY', true],
    ['ADMIN', 'OWNER', false],
    ['READ_WRITE', 'READ_ONLY', false],
    ['READ_ONLY', 'READ_ONLY', false],
    ['ROOT', 'READ_ONLY', false],
    ['ADMIN', 'ROOT', false],
  ])('a %s may invite as %s: %s', (sender, granted, may) => {
    expect(mayInviteAs(sender, granted)).toBe(may)
  })

  it('knows the role names', () => {
    expect(ROLES.every(isRole)).toBe(true)
    expect([isRole('owner'), isRole(''), isRole(undefined), isRole('ROOT')]).toEqual([false, false, false, false])
  })
})
