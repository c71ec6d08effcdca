/**
 * What each account role may do, with the reference's role names (AccountMember roles): every role
 * reads all but trigger tokens (which start runs); READ_RUN also starts runs and sees those tokens; READ_WRITE
 * changes the account's resources; ADMIN also manages members and keys; OWNER also hands the account over.
 * Enforced on the server for the console and the API alike.
 */
export const ROLES = ['OWNER', 'ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const
export type Role = (typeof ROLES)[number]

/** Roles that can be given (OWNER cannot: the owner is fixed). */
export const GIVEN_ROLES = ROLES.filter((r) => r !== 'OWNER')

export type Permission = 'read' | 'run' | 'write' | 'manage' | 'own'

const GRANTS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  OWNER: new Set(['read', 'run', 'write', 'manage', 'own']),
  ADMIN: new Set(['read', 'run', 'write', 'manage']),
  READ_WRITE: new Set(['read', 'run', 'write']),
  READ_RUN: new Set(['read', 'run']),
  READ_ONLY: new Set(['read']),
}

export const allows = (role: Role, permission: Permission): boolean => GRANTS[role].has(permission)

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value)

/**
 * Whether a member with this role may invite someone with that role: managing the account's members is needed, and
 * nobody hands out more than they hold. An invitation stays good only while its sender still may (a removed or
 * demoted admin must not come back, or let others in, through links sent before).
 */
export const mayInviteAs = (sender: string, granted: string): boolean =>
  isRole(sender) && isRole(granted) && allows(sender, 'manage') && ROLES.indexOf(sender) <= ROLES.indexOf(granted)

/** Routes (as Fastify names them) that start runs rather than change configuration. */
const RUN_ROUTES = [
  /^\/v[12]\/check-sessions\/trigger$/,
  /^\/v[12]\/check-sessions\/[^/]+\/cancel$/,
  /^\/v1\/test-sessions\/trigger$/,
  /^\/v1\/test-sessions\/[^/]+\/cancel$/,
  /^\/v1\/deployment-triggers\/deployments$/,
  // The hosted service's CLI: its test runs (checks kept only while they run) and triggers, and their uploads.
  /^\/v1\/test-sessions\/run$/,
  /^\/next\/test-sessions\/trigger$/,
  /^\/next\/checkly-storage\/upload(-code-bundle)?$/,
]
/** POST routes that only read: their question (a list of ids) travels in a body, not a query string. */
const READ_POSTS = [/^\/v1\/analytics\/checks$/, /^\/next\/checkly-storage\/download$/]
/** CI/CD triggers: reading one shows its token, which runs its check or group without a key. */
const TRIGGERS = /^\/v1\/triggers\//
const API_KEYS = /^\/v1\/accounts\/me\/api-keys(\/|$)/
/** Routes that manage who can use the account. */
const MANAGE_ROUTES = [/^\/v1\/accounts\/(me|:accountId)\/members(\/|$)/, API_KEYS, /^\/v1\/accounts\/me\/invitations(\/|$)/]

/** The permission a request needs, from its method and its route's URL pattern. */
export function requiredPermission(method: string, routeUrl: string): Permission {
  const m = method.toUpperCase()
  // Every member sees the members; only those who manage keys see the account's keys, and only those who may
  // start runs see the trigger tokens that start them.
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') {
    if (API_KEYS.test(routeUrl)) return 'manage'
    return TRIGGERS.test(routeUrl) ? 'run' : 'read'
  }
  if (MANAGE_ROUTES.some((r) => r.test(routeUrl))) return 'manage'
  if (READ_POSTS.some((r) => r.test(routeUrl))) return 'read'
  if (RUN_ROUTES.some((r) => r.test(routeUrl))) return 'run'
  return 'write'
}
