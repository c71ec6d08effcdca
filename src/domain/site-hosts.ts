/**
 * Which public page a request's Host names (pure): a subdomain of the dashboard or status page base domain, or a
 * host of the customer's own (looked up as a custom domain), or none (the service's own names, bare IPs).
 */
export interface SiteDomains {
  /** Dashboards are served at {customUrl}.{dashboardDomain} when set. */
  dashboardDomain: string | null
  /** Status pages are served at {url}.{statusPageDomain} when set. */
  statusPageDomain: string | null
  /** Host names of the service itself (from PUBLIC_BASE_URL): never a custom domain. */
  ownHosts: readonly string[]
}

export type HostTarget = { kind: 'dashboard'; customUrl: string } | { kind: 'status-page'; url: string } | { kind: 'custom-domain'; domain: string }

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** The host name of a Host header, lowercased, without port and trailing dot; null when it is not a name. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null
  const host = header.trim().toLowerCase()
  if (host.startsWith('[')) return null
  const name = host.replace(/:\d+$/, '').replace(/\.$/, '')
  if (name.length === 0 || name.length > 253 || IPV4.test(name)) return null
  return name.split('.').every((l) => LABEL.test(l)) ? name : null
}

function subdomainOf(name: string, domain: string | null): string | null {
  if (!domain || !name.endsWith(`.${domain}`)) return null
  const sub = name.slice(0, -(domain.length + 1))
  return LABEL.test(sub) ? sub : null
}

export function classifyHost(header: string | undefined, domains: SiteDomains): HostTarget | null {
  const name = hostName(header)
  if (name === null || name === 'localhost' || domains.ownHosts.includes(name)) return null
  if (name === domains.dashboardDomain || name === domains.statusPageDomain) return null
  const dashboard = subdomainOf(name, domains.dashboardDomain)
  if (dashboard !== null) return { kind: 'dashboard', customUrl: dashboard }
  const statusPage = subdomainOf(name, domains.statusPageDomain)
  if (statusPage !== null) return { kind: 'status-page', url: statusPage }
  if (!name.includes('.') || name.endsWith('.localhost')) return null
  return { kind: 'custom-domain', domain: name }
}
