/**
 * Client certificates for mutual TLS: an account uploads a certificate and its private key (PEM) for a host, and
 * its checks present them when that host asks for a client certificate. The upload is checked here (pure): the
 * certificate parses, the key parses (opened with the passphrase when it is encrypted) and belongs to the
 * certificate, and the optional CA bundle parses, so that a mistake shows at upload as a 400 naming the field
 * instead of as a failing check later. Error reasons never quote the key or the passphrase.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto'
import { Type } from 'typebox'
import { FieldErrorCollector } from '../errors.js'

/** PEM text of a few certificates is a few KB; a chain of ten stays well below this. */
export const MAX_PEM_CHARS = 64 * 1024

const Pem = (description: string) => Type.String({ maxLength: MAX_PEM_CHARS, description })

export const ClientCertificateBody = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253, description: 'The host without https://, e.g. www.acme.com; *.acme.com matches every name one level below acme.com.' }),
  cert: Pem('The client certificate in PEM format (intermediate certificates may follow it).'),
  ca: Type.Optional(Type.Union([Pem('An optional CA certificate (or bundle) in PEM format, trusted for the host besides the public roots.'), Type.Null()])),
  key: Type.Optional(Pem('The private key in PEM format; stored encrypted and never shown.')),
  passphrase: Type.Optional(Type.Union([Type.String({ maxLength: 1024, description: 'The passphrase of an encrypted key; stored encrypted and never shown.' }), Type.Null()])),
})

export const ClientCertificateView = Type.Object({
  id: Type.String(),
  host: Type.String(),
  cert: Type.String(),
  ca: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
})

/** What is stored: the key and passphrase are sealed by the store. */
export interface ClientCertificateFields {
  host: string
  cert: string
  ca: string | null
  key: string
  passphrase: string | null
}

/** A host name (or address) with an optional leading `*.` label and an optional port; lower case. */
const HOST = /^(\*\.)?(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?::\d{1,5})?$/

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g
const KEY_BLOCK = /-----BEGIN (?:RSA |EC |ENCRYPTED |DSA )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED |DSA )?PRIVATE KEY-----/

/** The host as stored and matched: trimmed and lower-cased; an error reason when it is no host. */
export function normalizeHost(raw: string): { host: string } | { error: string } {
  const host = raw.trim().toLowerCase()
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) return { error: 'must be a host without a scheme (www.acme.com, not https://www.acme.com)' }
  if (!HOST.test(host)) return { error: 'must be a host name such as www.acme.com or *.acme.com, optionally with a port' }
  const port = host.includes(':') ? Number(host.slice(host.lastIndexOf(':') + 1)) : null
  if (port !== null && (port < 1 || port > 65535)) return { error: 'has a port outside 1 to 65535' }
  return { host }
}

/** The certificates of PEM text, in order; null when it holds none or one does not parse. */
export function parseCertificates(pem: string): X509Certificate[] | null {
  const blocks = pem.match(CERT_BLOCK)
  if (!blocks) return null
  try {
    return blocks.map((b) => new X509Certificate(b))
  } catch {
    return null
  }
}

type KeyOutcome = { key: KeyObject } | { field: 'key' | 'passphrase'; why: string }

function openKey(pem: string, passphrase: string | null): KeyOutcome {
  if (!KEY_BLOCK.test(pem)) return { field: 'key', why: 'must be a private key in PEM format (-----BEGIN PRIVATE KEY-----)' }
  const encrypted = /ENCRYPTED/.test(pem)
  if (encrypted && passphrase === null) return { field: 'passphrase', why: 'is required: the private key is encrypted' }
  try {
    return { key: createPrivateKey({ key: pem, format: 'pem', ...(passphrase !== null ? { passphrase } : {}) }) }
  } catch {
    if (encrypted) return { field: 'passphrase', why: 'does not open the private key' }
    return { field: 'key', why: 'could not be read as a private key in PEM format' }
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/**
 * The fields to store, or a ValidationError naming each field that is wrong. Without `key`, a private key block
 * inside `cert` is taken (some tools write both in one file). Runs on a body that failed its schema too, judging
 * only the fields it can read.
 */
export function buildClientCertificate(body: Record<string, unknown>): ClientCertificateFields {
  const errors = new FieldErrorCollector()
  let host = ''
  if (typeof body.host === 'string') {
    const h = normalizeHost(body.host)
    if ('error' in h) errors.add('host', h.error)
    else host = h.host
  }
  const certText = text(body.cert)
  const certs = certText === null ? null : parseCertificates(certText)
  if (typeof body.cert === 'string' && certs === null) errors.add('cert', 'must be a certificate in PEM format (-----BEGIN CERTIFICATE-----)')
  const caText = text(body.ca)
  if (caText !== null && parseCertificates(caText) === null) errors.add('ca', 'must be one or more CA certificates in PEM format')
  const passphrase = typeof body.passphrase === 'string' && body.passphrase !== '' ? body.passphrase : null
  const keyText = text(body.key) ?? (certText !== null && KEY_BLOCK.test(certText) ? (KEY_BLOCK.exec(certText)?.[0] ?? null) : null)
  if (keyText === null) {
    if (body.key === undefined || typeof body.key === 'string' || body.key === null) errors.add('key', 'is required: the private key of the certificate in PEM format')
  } else {
    const opened = openKey(keyText, passphrase)
    if ('field' in opened) errors.add(opened.field, opened.why)
    else if (certs?.[0] && !certs[0].checkPrivateKey(opened.key)) errors.add('key', 'does not belong to the certificate')
  }
  errors.throwIfAny()
  // Only the certificate blocks are kept of cert: a key written into the same text is stored sealed, as key.
  const certOnly = (certText?.match(CERT_BLOCK) ?? []).join('\n') + '\n'
  return { host, cert: certOnly, ca: caText, key: keyText ?? '', passphrase }
}
