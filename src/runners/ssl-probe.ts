/**
 * Reads a server's TLS certificate: connects with SNI, does not reject untrusted chains (their problem is reported
 * as an error but the expiry is still read) and returns the leaf certificate's expiry, issuer and subject.
 */
import net, { type LookupFunction } from 'node:net'
import tls from 'node:tls'

export interface SslProbeRequest {
  host: string
  port: number
  /** Default 10 s. */
  timeoutMs?: number
  /** Resolves the host (the egress policy's checking lookup); default dns.lookup. */
  lookup?: LookupFunction
}

export type SslProbeResult =
  | {
      ok: true
      validFrom: number
      validTo: number
      issuer: string
      subject: string
      /** The chain verified against the trusted roots for this host name. */
      authorized: boolean
      /** Why it did not (e.g. "self-signed certificate"), else null. */
      authorizationError: string | null
    }
  | { ok: false; error: string }

export type SslProbe = (req: SslProbeRequest) => Promise<SslProbeResult>

/** "CN=example.com, O=Example" from a certificate name object (values may repeat). */
export function formatName(name: Record<string, string | string[] | undefined> | undefined): string {
  if (!name) return ''
  return Object.entries(name)
    .flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((one) => `${k}=${one}`)))
    .join(', ')
}

/** OpenSSL's and Node's verification codes that users meet most, in words; others are shown as they are. */
const VERIFY_ERRORS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate (missing intermediate?)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issuer certificate not found',
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name this host',
}

export const verifyError = (reason: unknown): string => {
  const code = reason instanceof Error ? ((reason as { code?: string }).code ?? reason.message) : typeof reason === 'string' ? reason : 'unknown reason'
  return VERIFY_ERRORS[code] ? `${VERIFY_ERRORS[code]} (${code})` : code
}

const describe = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown }
  const message = typeof e?.message === 'string' ? e.message : String(err)
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message
}

export const probeCertificate: SslProbe = (req) =>
  new Promise((resolve) => {
    const timeoutMs = req.timeoutMs ?? 10_000
    let settled = false
    const finish = (result: SslProbeResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    const socket = tls.connect({
      host: req.host,
      port: req.port,
      // SNI carries host names only (RFC 6066), never addresses.
      ...(net.isIP(req.host) === 0 ? { servername: req.host } : {}),
      rejectUnauthorized: false,
      ...(req.lookup ? { lookup: req.lookup } : {}),
    })
    const timer = setTimeout(() => finish({ ok: false, error: `Timed out after ${timeoutMs} ms reading the certificate of ${req.host}:${req.port}` }), timeoutMs)
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate()
      const validTo = Date.parse(cert?.valid_to ?? '')
      if (!cert || Object.keys(cert).length === 0 || Number.isNaN(validTo)) {
        finish({ ok: false, error: `${req.host}:${req.port} presented no certificate` })
        return
      }
      finish({
        ok: true,
        validFrom: Date.parse(cert.valid_from),
        validTo,
        issuer: formatName(cert.issuer as unknown as Record<string, string>),
        subject: formatName(cert.subject as unknown as Record<string, string>),
        authorized: socket.authorized,
        authorizationError: socket.authorized ? null : verifyError(socket.authorizationError as unknown),
      })
    })
    socket.once('error', (err) => finish({ ok: false, error: describe(err) }))
  })
