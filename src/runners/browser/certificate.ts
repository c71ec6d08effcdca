/**
 * The certificate of a browser check's `sslCheckDomain`, read alongside each run and kept in its result
 * (`details.sslCertificate`). Expiry alerts come from the certificate watch (services/ssl/ssl-certificates.ts), which
 * watches the same domain with the same probe.
 */
import { daysRemaining, sslTargetFromDomain } from '../../domain/ssl.js'
import type { SslProbe } from '../ssl-probe.js'

export async function readCertificate(domain: unknown, probe: SslProbe, now: () => number): Promise<{ sslCertificate?: Record<string, unknown> }> {
  const target = sslTargetFromDomain(domain)
  if (target === null) return {}
  if (!target.ok) return { sslCertificate: { domain: String(domain), error: target.reason } }
  const { domain: host, port } = target.target
  const read = await probe({ host, port, timeoutMs: 10_000 }).catch((err: unknown) => ({ ok: false as const, error: err instanceof Error ? err.message : String(err) }))
  if (!read.ok) return { sslCertificate: { domain: host, port, error: read.error } }
  return {
    sslCertificate: {
      domain: host,
      port,
      issuer: read.issuer,
      subject: read.subject,
      validFrom: new Date(read.validFrom).toISOString(),
      validTo: new Date(read.validTo).toISOString(),
      daysRemaining: daysRemaining(read.validTo, now()),
      authorized: read.authorized,
      authorizationError: read.authorizationError,
    },
  }
}
