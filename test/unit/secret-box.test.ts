/** Sealing of stored secrets (lib/secret-box.ts): the envelope, key ids, plain text from before, tampering. */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, keyIdOf, keylessSecretBox, SecretKeyUnknownError } from '../../src/lib/secret-box.js'

const A = randomBytes(32)
const B = randomBytes(32)
const ENVELOPE = /^enc:v1:([0-9a-f]{16}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/

describe('SecretBox', () => {
  const box = createSecretBox({ current: A })

  it('seals into a versioned envelope naming its key, with a fresh IV each time', () => {
    const one = box.encrypt('s3cret value ✓')
    const two = box.encrypt('s3cret value ✓')
    expect(one).toMatch(ENVELOPE)
    expect(ENVELOPE.exec(one)?.[1]).toBe(keyIdOf(A))
    expect(one).not.toBe(two)
    expect(one).not.toContain('s3cret')
    expect([box.decrypt(one), box.decrypt(two)]).toEqual(['s3cret value ✓', 's3cret value ✓'])
    expect(box.inspect(one)).toEqual({ kind: 'sealed', keyId: keyIdOf(A), key: 'current' })
  })

  it.each(['plain text from before', '', 'enc:v1:not-an-envelope', 'enc:v1:0123456789abcdef:short:tag:data', 'enc:v2:0123456789abcdef:a:b:c'])(
    'reads a value that is no envelope as it is: %j',
    (stored) => {
      expect(box.decrypt(stored)).toBe(stored)
      expect(box.inspect(stored)).toEqual({ kind: 'plain' })
    },
  )

  it('keeps the empty string empty', () => {
    expect(box.encrypt('')).toBe('')
  })

  it('opens values of previous keys, seals with the current one, and names a key it lacks', () => {
    const old = createSecretBox({ current: B }).encrypt('rotated')
    const rotating = createSecretBox({ current: A, previous: [B] })
    expect(rotating.hasPreviousKeys).toBe(true)
    expect(rotating.decrypt(old)).toBe('rotated')
    expect(rotating.inspect(old)).toEqual({ kind: 'sealed', keyId: keyIdOf(B), key: 'previous' })
    expect(box.inspect(old)).toEqual({ kind: 'sealed', keyId: keyIdOf(B), key: 'unknown' })
    expect(() => box.decrypt(old)).toThrow(SecretKeyUnknownError)
    expect(() => box.decrypt(old)).toThrow(keyIdOf(B))
  })

  it('refuses a value altered in the database, or moved under another key id', () => {
    const sealed = box.encrypt('do not touch')
    const parts = sealed.split(':')
    const data = Buffer.from(parts[5] ?? '', 'base64url')
    data[0] = (data[0] ?? 0) ^ 1
    expect(() => box.decrypt([...parts.slice(0, 5), data.toString('base64url')].join(':'))).toThrow(/integrity check/)
    const other = createSecretBox({ current: A, previous: [B] })
    const moved = sealed.replace(keyIdOf(A), keyIdOf(B))
    expect(() => other.decrypt(moved)).toThrow(/integrity check/)
  })

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createSecretBox({ current: randomBytes(16) })).toThrow(/32 bytes/)
  })

  it('without a key, reads plain text but neither seals nor opens', () => {
    const keyless = keylessSecretBox()
    expect(keyless.keyId).toBeNull()
    expect(keyless.decrypt('plain')).toBe('plain')
    expect(() => keyless.encrypt('secret')).toThrow(/without a secret key/)
    expect(() => keyless.decrypt(box.encrypt('secret'))).toThrow(SecretKeyUnknownError)
  })
})
