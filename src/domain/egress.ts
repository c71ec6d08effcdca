/**
 * The egress policy (EGRESS_POLICY, EGRESS_ALLOW, EGRESS_DENY): which addresses checks and scripts may connect to.
 * Pure: it answers for one IP address and port (after DNS resolution, by the caller), it resolves nothing.
 * Whatever the policy, Picket's own services (its listening ports on this host's addresses, its database, Redis
 * and SMTP relay) are never reached: a run that could would read or change every account's data. Under `open`
 * (the default) link-local and cloud-metadata addresses are denied too, since they hand out the host's cloud
 * credentials; under `public-only`, loopback, unspecified, private, unique-local, link-local, carrier-grade NAT,
 * cloud metadata, multicast and reserved addresses are denied. Categories hold in IPv4-mapped (::ffff:a.b.c.d)
 * and NAT64 (64:ff9b::a.b.c.d) forms too; EGRESS_ALLOW lifts a category denial, EGRESS_DENY adds ranges.
 */
import { BlockList, isIP } from 'node:net'

/** One of Picket's own services: never reachable by a run, whatever the policy. */
export interface ProtectedEndpoint {
  /** What it is, for the message: "API port", "database", ... */
  name: string
  /** Its addresses (CIDRs or single addresses). */
  addresses: readonly string[]
  port: number
}

export interface EgressPolicy {
  policy: 'open' | 'public-only'
  /** CIDRs or single addresses that stay reachable although their category is denied. */
  allow: readonly string[]
  /** CIDRs or single addresses denied under every policy (EGRESS_DENY). */
  deny?: readonly string[]
  /** Picket's own services (main/ works them out from the configuration). */
  protected?: readonly ProtectedEndpoint[]
}

export const OPEN_EGRESS: EgressPolicy = { policy: 'open', allow: [] }

/** The categories denied under `open`: addresses that answer for the host itself in a cloud. */
const OPEN_DENIED: ReadonlySet<DenialReason> = new Set(['cloud metadata', 'link-local'])

export type DenialReason = 'cloud metadata' | 'loopback' | 'unspecified' | 'private' | 'link-local' | 'carrier-grade NAT' | 'multicast' | 'reserved'

/** In order: the first category that holds an address names it (metadata before link-local and CGNAT). */
export const DENIED_RANGES: ReadonlyArray<[DenialReason, readonly string[]]> = [
  ['cloud metadata', ['169.254.169.254/32', '100.100.100.200/32', '168.63.129.16/32', 'fd00:ec2::254/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['carrier-grade NAT', ['100.64.0.0/10']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  ['reserved', ['192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4', '::/96', '100::/64', '2001:db8::/32', 'fec0::/10']],
]

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

function blockListOf(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const cidr of cidrs) {
    const [address = '', prefix] = cidr.split('/')
    const family = familyOf(address)
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

const CATEGORIES: ReadonlyArray<[DenialReason, BlockList]> = DENIED_RANGES.map(([reason, cidrs]) => [reason, blockListOf(cidrs)])

/** The eight 16-bit groups of an IPv6 address (a zone such as %eth0 ignored), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, '')
  if (isIP(text) !== 6) return null
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
  const quad = (dotted ?? '').split('.').map(Number)
  const hexOnly = dotted
    ? `${text.slice(0, -dotted.length)}${(((quad[0] ?? 0) << 8) | (quad[1] ?? 0)).toString(16)}:${(((quad[2] ?? 0) << 8) | (quad[3] ?? 0)).toString(16)}`
    : text
  const [head = '', tail] = hexOnly.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) IPv6 address, else null. */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address)
  if (!g) return null
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
  if (!mapped && !nat64) return null
  const [hi = 0, lo = 0] = g.slice(6)
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.')
}

export interface EgressDecision {
  denied: boolean
  reason: DenialReason | 'picket' | 'denied' | null
  /** For reason `picket`: which of Picket's services. */
  endpoint?: string
  /** The policy that denied a category (its message names the setting). */
  policy?: EgressPolicy['policy']
}

export interface EgressChecker {
  readonly policy: EgressPolicy
  /**
   * Whether `address` (an IP address, never a name) may be connected to on `port` (Picket's own services are
   * matched by port; without one, only by address ranges). Anything that is not an IP is denied.
   */
  check(address: string, port?: number): EgressDecision
}

const ALLOWED: EgressDecision = { denied: false, reason: null }

/** Compiles a policy once (its allow list into a BlockList); checks are then cheap. */
export function egressChecker(policy: EgressPolicy): EgressChecker {
  const inList = (list: BlockList) => (a: string) => isIP(a) !== 0 && list.check(a, familyOf(a))
  const allowed = inList(blockListOf(policy.allow))
  const operatorDenied = inList(blockListOf(policy.deny ?? []))
  const endpoints = (policy.protected ?? []).map((e) => ({ ...e, has: inList(blockListOf(e.addresses)) }))
  const categorize = (a: string): DenialReason | null => CATEGORIES.find(([, list]) => list.check(a, familyOf(a)))?.[0] ?? null
  const denies = (reason: DenialReason) => policy.policy === 'public-only' || OPEN_DENIED.has(reason)
  return {
    policy,
    check(raw: string, port?: number): EgressDecision {
      const address = raw.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
      if (isIP(address) === 0) return { denied: true, reason: 'reserved' }
      const inner = embeddedIPv4(address)
      const forms = inner === null ? [address] : [address, inner]
      const endpoint = port === undefined ? undefined : endpoints.find((e) => e.port === port && forms.some(e.has))
      if (endpoint) return { denied: true, reason: 'picket', endpoint: endpoint.name }
      if (forms.some(operatorDenied)) return { denied: true, reason: 'denied' }
      if (forms.some(allowed)) return ALLOWED
      const reason = categorize(address) ?? (inner !== null ? categorize(inner) : null)
      return reason !== null && denies(reason) ? { denied: true, reason, policy: policy.policy } : ALLOWED
    },
  }
}

const compiled = new WeakMap<EgressPolicy, EgressChecker>()

/** Whether the policy denies connecting to `address` (an IP address). */
export function isDenied(address: string, policy: EgressPolicy): boolean {
  let checker = compiled.get(policy)
  if (!checker) compiled.set(policy, (checker = egressChecker(policy)))
  return checker.check(address).denied
}

const article = (reason: string) => (/^[aeiou]/.test(reason) ? 'an' : 'a')

/** The error a denied run shows: which address, where it came from, why, and the setting that denies it. */
export function egressDeniedMessage(address: string, d: EgressDecision, host?: string, port?: number): string {
  const from = host !== undefined && host !== address && host.replace(/^\[(.*)\]$/, '$1') !== address ? ` (resolved from ${host})` : ''
  if (d.reason === 'picket')
    return `Egress policy: ${address}${port === undefined ? '' : `:${port}`}${from} is Picket's own ${d.endpoint ?? 'service'}; runs never reach Picket's own services`
  if (d.reason === 'denied') return `Egress policy: ${address}${from} is denied on this installation (EGRESS_DENY)`
  const reason = d.reason ?? 'reserved'
  const why =
    d.policy === 'open'
      ? 'runs never reach link-local or cloud metadata addresses (EGRESS_ALLOW can allow one)'
      : 'this installation allows public addresses only (EGRESS_POLICY=public-only)'
  return `Egress policy: ${address}${from} is ${article(reason)} ${reason} address; ${why}`
}

/**
 * The policy as plain data for code that cannot import this module (the script sandbox's and the browser run's
 * guards, plain JavaScript in child processes): the denied ranges in order and the allow list.
 */
export interface EgressRules {
  ranges: ReadonlyArray<[DenialReason, readonly string[]]>
  allow: readonly string[]
}

export const egressRules = (policy: EgressPolicy): EgressRules | null => (policy.policy === 'open' ? null : { ranges: DENIED_RANGES, allow: policy.allow })
