/**
 * Which uploaded client certificate a request presents (pure). A certificate's host matches the request's host
 * name exactly, or, written as `*.acme.com`, any name exactly one label below acme.com (as in TLS server names).
 * A host written with a port matches only that port. The most specific match wins: exact name and port, then
 * exact name, then a wildcard with the port, then a wildcard.
 */

/** What a run needs of a client certificate to present it. */
export interface ClientCertificateMaterial {
  host: string
  cert: string
  key: string
  ca: string | null
  passphrase: string | null
}

const splitHost = (host: string): { name: string; port: number | null } => {
  const i = host.lastIndexOf(':')
  return i === -1 ? { name: host, port: null } : { name: host.slice(0, i), port: Number(host.slice(i + 1)) }
}

/** How well `pattern` matches a request to `hostname`:`port`; 0 when it does not. */
export function hostMatchRank(pattern: string, hostname: string, port: number): number {
  const { name, port: wanted } = splitHost(pattern.toLowerCase())
  if (wanted !== null && wanted !== port) return 0
  const target = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
  const withPort = wanted !== null ? 1 : 0
  if (name === target) return 3 + withPort
  if (name.startsWith('*.')) {
    const suffix = name.slice(1)
    const label = target.slice(0, target.length - suffix.length)
    if (target.endsWith(suffix) && label !== '' && !label.includes('.')) return 1 + withPort
  }
  return 0
}

/** The certificate to present to `hostname`:`port`, if any matches. */
export function clientCertificateFor<T extends { host: string }>(list: readonly T[] | undefined, hostname: string, port: number): T | undefined {
  let best: T | undefined
  let bestRank = 0
  for (const c of list ?? []) {
    const rank = hostMatchRank(c.host, hostname, port)
    if (rank > bestRank) {
      best = c
      bestRank = rank
    }
  }
  return best
}
