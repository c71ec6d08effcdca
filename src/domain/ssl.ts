/**
 * SSL certificate expiry, pure: which domain a check's certificate is read from, days
 * remaining, and which channel thresholds a reading newly crosses. A threshold alerts once per certificate: a renewed
 * certificate (another expiry date) starts over. An expired certificate (0 days or fewer) alerts once more on its own.
 */
import { DEFAULT_SSL_EXPIRY_THRESHOLD } from './alert-channels/build-doc.js'

export const DAY_MS = 86_400_000
/** Certificates are checked hourly. */
export const SSL_RECHECK_MS = 3_600_000
/** A probe that could not read a certificate is tried again sooner. */
export const SSL_RETRY_MS = 900_000
/** The pseudo-threshold of an expired certificate, implied for every channel with sslExpiry. */
export const EXPIRED_THRESHOLD = 0
export const HTTPS_PORT = 443
/** The largest sslExpiryThreshold a channel can have: a certificate with more days left crosses nothing. */
export const MAX_SSL_THRESHOLD = 30

export interface SslTarget {
  domain: string
  port: number
}

/** null: the check has no certificate to watch; otherwise the target or why it cannot be worked out. */
export type SslTargetResult = { ok: true; target: SslTarget } | { ok: false; reason: string } | null

/**
 * Whole days until `validTo`, rounded up: 10 hours left is 1 day; 0 or less means expired. ("Expires in N days"
 * never says 0 for a certificate that is still valid.)
 */
export function daysRemaining(validTo: number, now: number): number {
  const days = Math.ceil((validTo - now) / DAY_MS)
  return days === 0 ? 0 : days
}

/** What channelThreshold reads of an alert channel's document: its settings as stored, checked here. */
export interface SslAlertSettings {
  sslExpiry?: unknown
  sslExpiryThreshold?: unknown
}

/** The channel's threshold in days when it wants SSL expiry alerts (sslExpiry true), else null. */
export function channelThreshold(channel: SslAlertSettings): number | null {
  if (channel.sslExpiry !== true) return null
  const t = channel.sslExpiryThreshold
  return typeof t === 'number' && Number.isInteger(t) && t >= 1 && t <= MAX_SSL_THRESHOLD ? t : DEFAULT_SSL_EXPIRY_THRESHOLD
}

/**
 * The thresholds a reading of `days` crosses that this certificate has not alerted for yet, ascending. Channels'
 * thresholds plus the expiry itself (when any channel wants SSL alerts); empty when there is nothing new.
 */
export function thresholdsCrossed(days: number, channelThresholds: readonly number[], alreadyAlerted: readonly number[]): number[] {
  if (channelThresholds.length === 0) return []
  const all = new Set([...channelThresholds, EXPIRED_THRESHOLD])
  return [...all].filter((t) => days <= t && !alreadyAlerted.includes(t)).sort((a, b) => a - b)
}

/** The thresholds alerted so far once both lists are counted (sorted, unique). */
export const mergeThresholds = (a: readonly number[], b: readonly number[]): number[] => [...new Set([...a, ...b])].sort((x, y) => x - y)

/** What a certificate has alerted for, carried over to a new reading: a different expiry date is a renewed certificate. */
export function alertedCarriedOver(previousValidTo: number | null, validTo: number, alerted: readonly number[]): number[] {
  return previousValidTo === validTo ? [...alerted] : []
}

function hostAndPort(url: URL): SslTargetResult {
  const domain = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (domain === '') return { ok: false, reason: 'The URL has no host name' }
  return { ok: true, target: { domain, port: url.port === '' ? HTTPS_PORT : Number(url.port) } }
}

/** An API check's certificate comes from its (interpolated) URL; plain http URLs have none. */
export function sslTargetFromUrl(url: string): SslTargetResult {
  const text = url.trim()
  if (!/^https:\/\//i.test(text)) return null
  if (text.includes('{{')) return { ok: false, reason: `Cannot read the host from the URL ${text}: it contains an unresolved variable` }
  try {
    return hostAndPort(new URL(text))
  } catch {
    return { ok: false, reason: `Cannot read the host from the URL ${text}` }
  }
}

/** An SSL check watches the certificate it checks: its sslConfig's host name and port (443 by default). */
export function sslTargetFromSslConfig(config: unknown): SslTargetResult {
  const c = (config ?? {}) as { hostname?: unknown; port?: unknown }
  if (typeof c.hostname !== 'string' || c.hostname.trim() === '') return null
  const port = typeof c.port === 'number' && Number.isInteger(c.port) ? c.port : HTTPS_PORT
  return sslTargetFromDomain(`${c.hostname.trim().includes(':') ? `[${c.hostname.trim()}]` : c.hostname.trim()}:${port}`)
}

/** A browser check names its domain in sslCheckDomain: "example.com", "example.com:8443" or a URL. */
export function sslTargetFromDomain(domain: unknown): SslTargetResult {
  if (typeof domain !== 'string' || domain.trim() === '') return null
  const text = domain.trim()
  if (text.includes('{{')) return { ok: false, reason: `Cannot check the SSL certificate of ${text}: it contains an unresolved variable` }
  try {
    return hostAndPort(new URL(text.includes('://') ? text : `https://${text}`))
  } catch {
    return { ok: false, reason: `sslCheckDomain ${text} is not a domain name` }
  }
}
