/**
 * Picket's own services, which no run may reach whatever the egress policy (domain/egress.ts): the ports this
 * process listens on, on every address of this host, and the database, Redis and SMTP relay it is configured
 * with, on the addresses their names resolve to now (and every address of this host when they are local).
 */
import dns from 'node:dns/promises'
import os from 'node:os'
import type { EgressPolicy, ProtectedEndpoint } from '../domain/egress.js'

/** Every address this host answers on: loopback, unspecified, and its interfaces'. */
export function hostAddresses(): string[] {
  const own = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.replace(/%.*$/, '')))
  return ['127.0.0.0/8', '::1', '0.0.0.0', '::', ...own]
}

/** A service URL's host and port (`defaultPort` when it names none), or null when there is none to protect. */
export function endpointOf(url: string | undefined, defaultPort: number): { host: string; port: number } | null {
  if (!url) return null
  try {
    const u = new URL(url)
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1')
    return host === '' ? null : { host, port: Number(u.port) || defaultPort }
  } catch {
    return null
  }
}

const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost'])

async function addressesOf(host: string): Promise<string[]> {
  if (LOCAL_NAMES.has(host.toLowerCase())) return hostAddresses()
  const answers = await dns.lookup(host, { all: true }).catch(() => [] as Array<{ address: string }>)
  const addresses = answers.length > 0 ? answers.map((a) => a.address) : [host].filter((h) => /^[\d.:a-f]+$/i.test(h))
  const local = new Set(hostAddresses())
  // A service on this host is reachable on every address of it, not only the one its URL names.
  return addresses.some((a) => local.has(a) || a.startsWith('127.')) ? [...new Set([...addresses, ...hostAddresses()])] : addresses
}

export interface ServiceEndpoints {
  /** Ports this process listens on (API, metrics, the agent's health port), with what each is. */
  listening: Array<{ name: string; port: number }>
  /** Services it talks to, as URLs, with their default ports. */
  remote: Array<{ name: string; url: string | undefined; defaultPort: number }>
}

export async function protectedEndpoints(services: ServiceEndpoints): Promise<ProtectedEndpoint[]> {
  const here = hostAddresses()
  const out: ProtectedEndpoint[] = services.listening.filter((l) => l.port > 0).map((l) => ({ name: l.name, addresses: here, port: l.port }))
  for (const r of services.remote) {
    const endpoint = endpointOf(r.url, r.defaultPort)
    if (endpoint) out.push({ name: r.name, addresses: await addressesOf(endpoint.host), port: endpoint.port })
  }
  return out
}

/** The egress policy with Picket's own services added. */
export async function withProtectedEndpoints(policy: EgressPolicy, services: ServiceEndpoints): Promise<EgressPolicy> {
  return { ...policy, protected: [...(policy.protected ?? []), ...(await protectedEndpoints(services))] }
}
