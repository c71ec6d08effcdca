/**
 * TRUST_PROXY: which reverse proxies may tell the client's address in X-Forwarded-For. The address counts for the
 * sign-in lock and the per-address rate limits; behind a proxy, the connecting address is the proxy's, shared by
 * every client. Unset trusts no proxy (the header is ignored: any client can write it); a comma list names the
 * trusted proxies by address or CIDR (or `loopback`, `linklocal`, `uniquelocal`), and the client is the last
 * address the header holds that is not one of them; `true` trusts every hop and takes the header's first address
 * (only for a service reachable through nothing but proxies that overwrite the header). A hop count is refused: it
 * cannot tell a proxy from a client that forges the header, and Fastify ignores the header for one. It becomes
 * Fastify's `trustProxy` option, so request.ip is the client's address.
 */
import type { EnvReader } from './env-reader.js'
import { isCidr } from './operations.js'

/** false: none; true: every hop; a list: these addresses, CIDRs or named ranges. */
export type TrustProxy = boolean | string[]

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

export function readTrustProxy(r: EnvReader, problems: string[]): TrustProxy {
  const raw = r.str('TRUST_PROXY')
  if (raw === undefined) return false
  const word = raw.toLowerCase()
  if (word === 'false' || word === 'off') return false
  if (word === 'true') return true
  if (/^\d+$/.test(raw)) {
    problems.push(`TRUST_PROXY takes the proxies' addresses or CIDRs, not a hop count, which cannot tell a proxy from a client (got "${raw}")`)
    return false
  }
  const list = r.list('TRUST_PROXY')
  const bad = list.find((item) => !isCidr(item) && !NAMED_RANGES.includes(item.toLowerCase()))
  if (bad !== undefined) {
    problems.push(`TRUST_PROXY must be true or a comma list of proxy addresses or CIDRs such as 127.0.0.1,10.0.0.0/8 (got "${bad}")`)
    return false
  }
  return list.map((item) => (NAMED_RANGES.includes(item.toLowerCase()) ? item.toLowerCase() : item))
}
