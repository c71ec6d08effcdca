/**
 * The TLS options that present an uploaded client certificate: its certificate (chain), key and passphrase, and,
 * when it came with a CA bundle, that bundle trusted for the server besides the public roots (so a host behind a
 * private CA verifies, and public hosts still do).
 */
import tls from 'node:tls'
import type { ConnectionOptions } from 'node:tls'
import { clientCertificateFor, type ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'

export function clientCertificateOptions(list: readonly ClientCertificateMaterial[] | undefined, hostname: string, port: number): ConnectionOptions {
  const match = clientCertificateFor(list, hostname, port)
  if (!match) return {}
  return {
    cert: match.cert,
    key: match.key,
    ...(match.passphrase !== null ? { passphrase: match.passphrase } : {}),
    ...(match.ca !== null ? { ca: [...tls.rootCertificates, match.ca] } : {}),
  }
}
