/**
 * The reference schemas of the account member list (openapi-reference.json: AccountMembersList, AccountMember,
 * AccountInvite; OpenAPI's `nullable` written as a union with null), to validate responses against.
 */
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

type Json = Record<string, unknown>
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

const ROLES = ['OWNER', 'ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY']
const dateTime = { type: 'string', format: 'date-time' }

export const REFERENCE_ACCOUNT_MEMBER: Json = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['member'] },
    accountId: { type: 'string', format: 'uuid' },
    userId: { type: 'string', format: 'uuid' },
    name: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ROLES },
    status: { type: 'string', enum: ['ACTIVE'] },
    createdAt: dateTime,
    updatedAt: dateTime,
    isSupportMembership: { type: 'boolean' },
    ssoEnabled: { type: 'boolean' },
    mfaEnabled: { type: 'boolean' },
  },
  required: ['type', 'accountId', 'userId', 'name', 'email', 'role', 'status', 'createdAt', 'updatedAt', 'isSupportMembership', 'ssoEnabled', 'mfaEnabled'],
}

export const REFERENCE_ACCOUNT_INVITE: Json = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['invite'] },
    id: { type: 'string', format: 'uuid' },
    accountId: { type: 'string', format: 'uuid' },
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ROLES.slice(1) },
    status: { type: 'string', enum: ['PENDING', 'EXPIRED'] },
    inviterEmail: { type: 'string', format: 'email' },
    createdAt: dateTime,
    updatedAt: dateTime,
    expiresAt: dateTime,
  },
  required: ['type', 'id', 'accountId', 'email', 'role', 'status', 'inviterEmail', 'createdAt', 'updatedAt', 'expiresAt'],
}

export const REFERENCE_MEMBERS_LIST: Json = {
  type: 'object',
  properties: {
    members: { type: 'array', items: { oneOf: [REFERENCE_ACCOUNT_MEMBER, REFERENCE_ACCOUNT_INVITE] } },
    length: { type: 'integer', minimum: 0 },
    nextId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['members', 'length', 'nextId'],
}

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }))
const validators = {
  list: ajv.compile(REFERENCE_MEMBERS_LIST),
  member: ajv.compile(REFERENCE_ACCOUNT_MEMBER),
  invite: ajv.compile(REFERENCE_ACCOUNT_INVITE),
}

/** The reasons a response does not match the reference schema (none when it does). */
export function memberSchemaProblems(kind: keyof typeof validators, doc: unknown): string[] {
  const validate = validators[kind]
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`)
}
