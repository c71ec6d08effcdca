/**
 * The egress policy (EGRESS_POLICY, EGRESS_ALLOW): which addresses checks and scripts may connect to. Pure: it
 * answers for one IP address (after DNS resolution, by the caller), it resolves nothing. Under `public-only`,
 * loopback, unspecified, private, unique-local, link-local, carrier-grade NAT, cloud metadata, multicast and
 * reserved addresses are denied, also in their IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms,
 * unless EGRESS_ALLOW names them.
 */
import { BlockList, isIP } from 'node:net'

export interface EgressPolicy {
  policy: 'open' | 'public-only'
  /** CIDRs or single addresses that stay reachable under `public-only`. */
  allow: readonly string[]
}

export const OPEN_EGRESS: EgressPolicy = { policy: 'open', allow: [] }

export type DenialReason =
  | 'cloud metadata'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'reserved'

/** In order: the first category that holds an address names it (metadata before link-local and CGNAT). */
export const DENIED_RANGES: ReadonlyArray<[DenialReason, readonly string[]]> = [
  ['cloud metadata', ['169.254.169.254/32', '100.100.100.200/32', '168.63.129.16/32', 'fd00:ec2::254/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['carrier-grade NAT', ['100.64.0.0/10']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  [
    'reserved',
    [
      '192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4',
      '::/96', '100::/64', '2001:db8::/32', 'fec0::/10',
    ],
  ],
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
  const hexOnly = dotted ? `${text.slice(0, -dotted.length)}${(((quad[0] ?? 0) << 8) | (quad[1] ?? 0)).toString(16)}:${(((quad[2] ?? 0) << 8) | (quad[3] ?? 0)).toString(16)}` : text
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
  reason: DenialReason | null
}

export interface EgressChecker {
  readonly policy: EgressPolicy
  /** Whether `address` (an IP address, never a name) may be connected to. Anything that is not an IP is denied. */
  check(address: string): EgressDecision
}

const ALLOWED: EgressDecision = { denied: false, reason: null }

/** Compiles a policy once (its allow list into a BlockList); checks are then cheap. */
export function egressChecker(policy: EgressPolicy): EgressChecker {
  const allow = blockListOf(policy.allow)
  const allowed = (a: string) => isIP(a) !== 0 && allow.check(a, familyOf(a))
  const categorize = (a: string): DenialReason | null => CATEGORIES.find(([, list]) => list.check(a, familyOf(a)))?.[0] ?? null
  return {
    policy,
    check(raw: string): EgressDecision {
      if (policy.policy === 'open') return ALLOWED
      const address = raw.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
      if (isIP(address) === 0) return { denied: true, reason: 'reserved' }
      const inner = embeddedIPv4(address)
      if (allowed(address) || (inner !== null && allowed(inner))) return ALLOWED
      const reason = categorize(address) ?? (inner !== null ? categorize(inner) : null)
      return reason === null ? ALLOWED : { denied: true, reason }
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

const article = (reason: DenialReason) => (/^[aeiou]/.test(reason) ? 'an' : 'a')

/** The error a denied run shows: which address, where it came from, why, and the setting that denies it. */
export function egressDeniedMessage(address: string, reason: DenialReason, host?: string): string {
  const from = host !== undefined && host !== address && host.replace(/^\[(.*)\]$/, '$1') !== address ? ` (resolved from ${host})` : ''
  return `Egress policy: ${address}${from} is ${article(reason)} ${reason} address; this installation allows public addresses only (EGRESS_POLICY=public-only)`
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
