/**
 * The account member list of the reference (GET /v1/accounts/me/members), pure: members then open invitations,
 * filtered by search/type/role/status, and paged by an opaque cursor when a limit is given (none: everything).
 * The cursor carries the position and a digest of the filters, so it is only accepted with the same query.
 */
import { createHash } from 'node:crypto'
import { ValidationError } from '../errors.js'

export interface MemberItem {
  type: 'member'
  name: string | null
  email: string
  role: string
  status: 'ACTIVE'
}

export interface InviteItem {
  type: 'invite'
  email: string
  role: string
  status: 'PENDING' | 'EXPIRED'
}

export interface MemberListQuery {
  search?: string | undefined
  type?: 'member' | 'invite' | undefined
  role?: string | undefined
  status?: string | undefined
  limit?: number | undefined
  nextId?: string | undefined
}

const filterDigest = (q: MemberListQuery): string =>
  createHash('sha256')
    .update(JSON.stringify([q.search?.trim().toLowerCase() ?? '', q.type ?? '', q.role ?? '', q.status ?? '', q.limit ?? 0]))
    .digest('base64url')
    .slice(0, 12)

export const encodeCursor = (q: MemberListQuery, offset: number): string => Buffer.from(`${offset}.${filterDigest(q)}`).toString('base64url')

function decodeCursor(q: MemberListQuery, cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const m = /^(\d{1,9})\.([A-Za-z0-9_-]{12})$/.exec(text)
  if (!m || m[2] !== filterDigest(q)) throw new ValidationError({ nextId: 'is not a cursor of this query (use the nextId of the previous page with the same parameters)' })
  return Number(m[1])
}

function matches<T extends MemberItem | InviteItem>(item: T, q: MemberListQuery): boolean {
  const search = q.search?.trim().toLowerCase()
  if (search) {
    const name = item.type === 'member' ? (item.name ?? '').toLowerCase() : ''
    if (!item.email.toLowerCase().includes(search) && !name.includes(search)) return false
  }
  if (q.type && item.type !== q.type) return false
  if (q.role && item.role !== q.role) return false
  if (q.status && item.status !== q.status) return false
  return true
}

/** One page of the list and the cursor of the next (null at the end or without a limit). */
export function pageMemberList<T extends MemberItem | InviteItem>(items: T[], q: MemberListQuery): { items: T[]; nextId: string | null } {
  if (q.nextId !== undefined && q.limit === undefined) throw new ValidationError({ nextId: 'is only accepted together with limit' })
  const matching = items.filter((i) => matches(i, q))
  if (q.limit === undefined) return { items: matching, nextId: null }
  const offset = q.nextId === undefined ? 0 : decodeCursor(q, q.nextId)
  const page = matching.slice(offset, offset + q.limit)
  const next = offset + q.limit
  return { items: page, nextId: next < matching.length ? encodeCursor(q, next) : null }
}
