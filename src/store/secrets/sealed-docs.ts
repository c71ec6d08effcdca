/**
 * The stored forms of secrets: documents whose secret values are sealed by the store's SecretBox when written and
 * opened when read (so services and the API see the values they wrote), and tokens that are looked up by value,
 * kept as a SHA-256 digest for the lookup (their readable copy is sealed elsewhere).
 */
import { createHash } from 'node:crypto'
import { mapStoredSecrets, type SecretHolder } from '../../domain/secrets/stored-secrets.js'
import type { SecretBox } from '../../lib/secret-box.js'

type Doc = Record<string, unknown>

export interface DocCodec {
  /** The document as stored: its secret values sealed. */
  encode(doc: Doc): Doc
  /** The document as written: its secret values opened. */
  decode(doc: Doc): Doc
}

export const sealedDocs = (box: SecretBox, holder: SecretHolder): DocCodec => ({
  encode: (doc) => mapStoredSecrets(holder, doc, box.encrypt),
  decode: (doc) => mapStoredSecrets(holder, doc, box.decrypt),
})

/** The same for a document kept as JSON text; text that is not a JSON object is kept as it is. */
export function sealedJson(box: SecretBox, holder: SecretHolder): { encode(text: string): string; decode(text: string): string } {
  const docs = sealedDocs(box, holder)
  const through = (text: string, fn: (doc: Doc) => Doc): string => {
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch {
      return text
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return text
    const out = fn(doc as Doc)
    return out === doc ? text : JSON.stringify(out)
  }
  return { encode: (text) => through(text, docs.encode), decode: (text) => through(text, docs.decode) }
}

/**
 * Ping and trigger tokens are random (or at least 8 characters of [A-Za-z0-9_-]), never holding `:`, so a stored
 * value with this prefix is always a digest and digesting is idempotent.
 */
const DIGEST_PREFIX = 'sha256:'

export const isTokenDigest = (stored: string): boolean => stored.startsWith(DIGEST_PREFIX)

export const tokenDigest = (token: string): string => (isTokenDigest(token) ? token : `${DIGEST_PREFIX}${createHash('sha256').update(token).digest('hex')}`)

/**
 * The stored values a presented token matches: its digest, and the token itself in rows written before tokens
 * were digested. A presented digest matches nothing, so a digest read from the database is no token.
 */
export const tokenLookups = (token: string): string[] => (isTokenDigest(token) ? [] : [tokenDigest(token), token])
