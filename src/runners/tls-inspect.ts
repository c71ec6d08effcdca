/**
 * One TLS handshake that reads everything an SSL check judges: the negotiated protocol and cipher, the peer's
 * chain, whether the chain verifies against the trusted roots (checked apart from the host name, which is
 * checked on its own), the stapled OCSP answer, and the time of each phase. Untrusted chains are read, not refused.
 */
import { isIP } from 'node:net'
import tls, { type DetailedPeerCertificate, type PeerCertificate } from 'node:tls'
import { performance } from 'node:perf_hooks'
import type { EgressGuard } from './egress-guard.js'
import { deniedLiteral, guardedLookup } from './egress-guard.js'
import { mapNetworkError, type NetFailure } from './net-errors.js'

export interface TlsInspectInput {
  host: string
  port: number
  /** SNI and the name the certificate must match; the host when empty. */
  serverName: string
  family: 4 | 6
  timeoutMs: number
  egress: EgressGuard
  /** Roots trusted besides the system's (operators' private CAs; tests). */
  ca?: string[]
  signal?: AbortSignal
}

export interface TlsInspection {
  error: NetFailure | null
  start: number
  lookup?: number
  connect?: number
  secure?: number
  stopped: number
  remoteAddress: string | null
  protocol: string | null
  cipher: tls.CipherNameAndProtocol | null
  /** The leaf with its issuers linked (issuerCertificate), as the peer sent them. */
  peer: DetailedPeerCertificate | null
  leafDer: Buffer | null
  /** The leaf's public key: type and RSA modulus or EC curve. */
  keyType: string | null
  keyBits: number | null
  curve: string | null
  authorized: boolean
  authorizationError: string | null
  ocsp: Buffer | null
}

/** The issuers of a chain in order, the leaf first; stops at a self-issued root or a repeated certificate. */
export function chainOf(peer: DetailedPeerCertificate): PeerCertificate[] {
  const out: PeerCertificate[] = []
  const seen = new Set<string>()
  for (let c: DetailedPeerCertificate | undefined = peer; c && Object.keys(c).length > 0 && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
    seen.add(c.fingerprint256)
    out.push(c)
  }
  return out
}

export function inspectTls(x: TlsInspectInput): Promise<TlsInspection> {
  return new Promise((resolve) => {
    const r: TlsInspection = {
      error: null,
      start: performance.now(),
      stopped: 0,
      remoteAddress: null,
      protocol: null,
      cipher: null,
      peer: null,
      leafDer: null,
      keyType: null,
      keyBits: null,
      curve: null,
      authorized: false,
      authorizationError: null,
      ocsp: null,
    }
    const denial = deniedLiteral(x.egress, x.host, x.port)
    if (denial) {
      r.stopped = performance.now()
      r.error = mapNetworkError(denial)
      return resolve(r)
    }
    // requestOCSP and family reach the socket through tls.connect, though its option type leaves them out.
    const options: tls.ConnectionOptions & { requestOCSP: boolean; family: 4 | 6 } = {
      host: x.host,
      port: x.port,
      family: x.family,
      // SNI carries host names only (RFC 6066), never addresses.
      ...(isIP(x.serverName) === 0 ? { servername: x.serverName } : {}),
      rejectUnauthorized: false,
      // The host name is judged apart from the chain (checkServerIdentity below), so `authorized` is the chain's alone.
      checkServerIdentity: () => undefined,
      requestOCSP: true,
      lookup: guardedLookup(x.egress, x.port),
      ...(x.ca ? { ca: [...tls.rootCertificates, ...x.ca] } : {}),
    }
    const socket = tls.connect(options)
    const finish = (error: NetFailure | null) => {
      if (r.stopped !== 0) return
      r.stopped = performance.now()
      r.error = error
      clearTimeout(timer)
      x.signal?.removeEventListener('abort', onAbort)
      socket.destroy()
      resolve(r)
    }
    const timer = setTimeout(
      () => finish({ kind: 'TIMEOUT', message: `TLS handshake with ${x.host}:${x.port} timed out after ${x.timeoutMs} ms`, code: 'TIMEOUT', networkError: false }),
      x.timeoutMs,
    )
    const onAbort = () => finish({ kind: 'INTERNAL', message: 'The run was aborted', code: 'ABORTED', networkError: false })
    x.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (r.lookup = performance.now()))
    socket.once('connect', () => {
      r.connect = performance.now()
      r.remoteAddress = socket.remoteAddress ?? null
    })
    // Servers that staple nothing answer with no response (null).
    socket.on('OCSPResponse', (response: Buffer | null) => (r.ocsp = response && response.length > 0 ? response : null))
    socket.once('secureConnect', () => {
      r.secure = performance.now()
      r.protocol = socket.getProtocol()
      r.cipher = socket.getCipher()
      const peer = socket.getPeerCertificate(true)
      r.peer = peer && Object.keys(peer).length > 0 ? peer : null
      const x509 = socket.getPeerX509Certificate()
      r.leafDer = x509?.raw ?? null
      const details = x509?.publicKey.asymmetricKeyDetails
      r.keyType = x509?.publicKey.asymmetricKeyType ?? null
      r.keyBits = details?.modulusLength ?? null
      r.curve = details?.namedCurve ?? null
      r.authorized = socket.authorized
      r.authorizationError = socket.authorized ? null : String(socket.authorizationError ?? 'unknown reason')
      r.remoteAddress = r.remoteAddress ?? socket.remoteAddress ?? null
      finish(r.peer ? null : { kind: 'TLS', message: `${x.host}:${x.port} presented no certificate`, code: null, networkError: false })
    })
    socket.once('error', (err) => finish(mapNetworkError(err)))
  })
}

/** RSA-equivalent strength in bits of a key (NIST SP 800-57): EC and EdDSA keys are stronger than their size. */
export function rsaEquivalentBits(keyType: string | null, modulusBits: number | null, curve: string | null): number | null {
  if (modulusBits !== null) return modulusBits
  const byCurve: Record<string, number> = { prime256v1: 3072, 'P-256': 3072, secp384r1: 7680, 'P-384': 7680, secp521r1: 15360, 'P-521': 15360 }
  if (curve && byCurve[curve]) return byCurve[curve]
  if (keyType === 'ed25519') return 3072
  if (keyType === 'ed448') return 7680
  return null
}
