/**
 * Sealing of secret values stored in the database: AES-256-GCM with a random 12-byte IV per value, written as
 * `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). The key id (the first 8 bytes of a SHA-256 of the
 * key, in hex) says which key sealed a value, so that values sealed before a key rotation are still opened with
 * the previous key while they are sealed again; the `enc:v1:<keyId>` head is the authenticated data, so a value
 * cannot be moved under another version or key id. A stored value without this head is plain text written before
 * sealing existed: it reads as it is, and the start-up pass seals it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

export const KEY_BYTES = 32
export const SEALED_PREFIX = 'enc:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_ID = /^[0-9a-f]{16}$/
const B64URL = /^[A-Za-z0-9_-]*$/

/** What a stored value is: plain text, or sealed under the current key, a previous key or a key the box lacks. */
export type SealState = { kind: 'plain' } | { kind: 'sealed'; keyId: string; key: 'current' | 'previous' | 'unknown' }

export interface SecretBox {
  /** Id of the key new values are sealed with; null for a box without a key (it seals nothing). */
  readonly keyId: string | null
  /** True when values sealed under other keys can still be opened (a rotation is in progress). */
  readonly hasPreviousKeys: boolean
  /** The sealed form of a value; the empty string stays empty (it has nothing to hide). */
  encrypt(plain: string): string
  /** The value of a stored form; plain text comes back as it is. Throws SecretKeyUnknownError for a key it lacks. */
  decrypt(stored: string): string
  inspect(stored: string): SealState
}

/** A value sealed with a key this process was not given: the operator has to give it (as a previous key). */
export class SecretKeyUnknownError extends Error {
  override name = 'SecretKeyUnknownError'
  constructor(readonly keyId: string) {
    super(`A stored secret is sealed with key ${keyId}, which this process was not given (PICKET_SECRET_KEY, PICKET_SECRET_KEY_PREVIOUS)`)
  }
}

export const keyIdOf = (key: Buffer): string => createHash('sha256').update('picket secret key id\0').update(key).digest('hex').slice(0, 16)

interface Envelope {
  keyId: string
  iv: Buffer
  tag: Buffer
  data: Buffer
}

/** The parts of a sealed value, or null when it is not one (plain text, even text that merely starts alike). */
function parse(stored: string): Envelope | null {
  if (!stored.startsWith(SEALED_PREFIX)) return null
  const parts = stored.split(':')
  if (parts.length !== 6) return null
  const [, , keyId = '', iv = '', tag = '', data = ''] = parts
  if (!KEY_ID.test(keyId) || ![iv, tag, data].every((p) => B64URL.test(p))) return null
  const envelope = { keyId, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), data: Buffer.from(data, 'base64url') }
  return envelope.iv.length === IV_BYTES && envelope.tag.length === TAG_BYTES ? envelope : null
}

const head = (keyId: string): string => `${SEALED_PREFIX}${keyId}`

function seal(key: Buffer, keyId: string, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(head(keyId)))
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${head(keyId)}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`
}

function open(key: Buffer, e: Envelope): string {
  const decipher = createDecipheriv('aes-256-gcm', key, e.iv, { authTagLength: TAG_BYTES })
  decipher.setAAD(Buffer.from(head(e.keyId)))
  decipher.setAuthTag(e.tag)
  try {
    return Buffer.concat([decipher.update(e.data), decipher.final()]).toString('utf8')
  } catch {
    throw new Error(`A stored secret sealed with key ${e.keyId} failed its integrity check: it was altered in the database`)
  }
}

export interface SecretKeys {
  /** The key new values are sealed with. */
  current: Buffer
  /** Keys whose values are still opened (and sealed again with the current key by the start-up pass). */
  previous?: Buffer[]
}

export function createSecretBox(keys: SecretKeys): SecretBox {
  for (const key of [keys.current, ...(keys.previous ?? [])]) {
    if (key.length !== KEY_BYTES) throw new Error(`A secret key must be ${KEY_BYTES} bytes (got ${key.length})`)
  }
  const keyId = keyIdOf(keys.current)
  const byId = new Map<string, Buffer>((keys.previous ?? []).map((k) => [keyIdOf(k), k]))
  byId.set(keyId, keys.current)
  return {
    keyId,
    hasPreviousKeys: byId.size > 1,
    encrypt: (plain) => (plain === '' ? '' : seal(keys.current, keyId, plain)),
    decrypt(stored) {
      const e = parse(stored)
      if (!e) return stored
      const key = byId.get(e.keyId)
      if (!key) throw new SecretKeyUnknownError(e.keyId)
      return open(key, e)
    },
    inspect(stored) {
      const e = parse(stored)
      if (!e) return { kind: 'plain' }
      return { kind: 'sealed', keyId: e.keyId, key: e.keyId === keyId ? 'current' : byId.has(e.keyId) ? 'previous' : 'unknown' }
    },
  }
}

/**
 * The box of a store opened without a key (tools that only migrate or read plain tables): it opens plain text,
 * refuses to seal, and cannot open sealed values, so that nothing secret is ever written in the clear by mistake.
 */
export function keylessSecretBox(): SecretBox {
  return {
    keyId: null,
    hasPreviousKeys: false,
    encrypt(plain) {
      if (plain === '') return ''
      throw new Error('This store was opened without a secret key, so it cannot store secrets')
    },
    decrypt(stored) {
      const e = parse(stored)
      if (e) throw new SecretKeyUnknownError(e.keyId)
      return stored
    },
    inspect(stored) {
      const e = parse(stored)
      return e ? { kind: 'sealed', keyId: e.keyId, key: 'unknown' } : { kind: 'plain' }
    },
  }
}
