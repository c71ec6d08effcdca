/** Maps Node's socket, DNS and TLS errors to result error kinds (the runner contract's ErrorKind). */
import type { ErrorKind } from './contract.js'

export interface NetFailure {
  kind: ErrorKind
  message: string
  code: string | null
  /** retryStrategy.onlyOn NETWORK_ERROR retries only these. */
  networkError: boolean
}

/** The errors that count as network errors for retries. */
export const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'])
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA'])
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REJECTED',
  'INVALID_CA',
  'HOSTNAME_MISMATCH',
  'EPROTO',
])

const codeOf = (err: unknown): string | null => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : null
}

const isTls = (code: string | null, message: string): boolean =>
  (code !== null && (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) || /SSL routines|certificate|TLS/i.test(message)

/** Classifies an error raised while connecting to, or talking with, a target. */
export function mapNetworkError(err: unknown): NetFailure {
  const code = codeOf(err)
  const message = err instanceof Error ? err.message : String(err)
  // The egress policy denied the address: the check cannot run here as configured, and retrying will not help.
  if (code === 'EGRESS_DENIED') return { kind: 'CONFIG', message, code, networkError: false }
  const networkError = code !== null && NETWORK_ERROR_CODES.has(code)
  if (code !== null && DNS_CODES.has(code)) {
    const host = (err as { hostname?: unknown }).hostname
    const text = typeof host === 'string' ? `DNS lookup of ${host} failed (${code})` : message
    return { kind: 'DNS', message: text, code, networkError }
  }
  if (!networkError && isTls(code, message)) return { kind: 'TLS', message: `TLS error: ${message}`, code, networkError: false }
  return { kind: 'NETWORK', message, code, networkError }
}
