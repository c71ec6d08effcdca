import { describe, expect, it } from 'vitest'
import { egressChecker, egressDeniedMessage, embeddedIPv4, isDenied, type EgressPolicy } from '../../src/domain/egress.js'

const PUBLIC_ONLY: EgressPolicy = { policy: 'public-only', allow: [] }

describe('egress policy: public-only', () => {
  const cases: Array<[string, string | null]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['168.63.129.16', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:5', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'reserved'],
    // public
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['172.32.0.1', null],
    ['172.15.255.255', null],
    ['100.128.0.1', null],
    ['100.63.255.255', null],
    ['192.169.0.1', null],
    ['11.0.0.1', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::8.8.8.8', null],
  ]
  it.each(cases)('%s → %s', (address, reason) => {
    const decision = egressChecker(PUBLIC_ONLY).check(address)
    expect(decision.reason).toBe(reason)
    expect(decision.denied).toBe(reason !== null)
    expect(isDenied(address, PUBLIC_ONLY)).toBe(reason !== null)
  })
})

describe('egress policy: open and allow list', () => {
  const cases: Array<[string, EgressPolicy, string, boolean]> = [
    ['open allows loopback', { policy: 'open', allow: [] }, '127.0.0.1', false],
    ['open denies metadata', { policy: 'open', allow: [] }, '169.254.169.254', true],
    ['open denies link-local', { policy: 'open', allow: [] }, 'fe80::1', true],
    ['open denies metadata in its NAT64 form', { policy: 'open', allow: [] }, '64:ff9b::a9fe:a9fe', true],
    ['open allows private addresses', { policy: 'open', allow: [] }, '10.0.0.5', false],
    ['an allow list reopens metadata under open', { policy: 'open', allow: ['169.254.169.254'] }, '169.254.169.254', false],
    ['a deny list closes a range under open', { policy: 'open', allow: [], deny: ['10.9.0.0/16'] }, '10.9.1.1', true],
    ['a deny list wins over the allow list', { policy: 'public-only', allow: ['10.9.0.0/16'], deny: ['10.9.1.1'] }, '10.9.1.1', true],
    ['a /32 reopens one address', { policy: 'public-only', allow: ['127.0.0.1/32'] }, '127.0.0.1', false],
    ['a /32 leaves its neighbour denied', { policy: 'public-only', allow: ['127.0.0.1/32'] }, '127.0.0.2', true],
    ['a bare address', { policy: 'public-only', allow: ['10.1.2.3'] }, '10.1.2.3', false],
    ['a subnet', { policy: 'public-only', allow: ['10.1.0.0/16'] }, '10.1.200.7', false],
    ['outside the subnet', { policy: 'public-only', allow: ['10.1.0.0/16'] }, '10.2.0.1', true],
    ['an IPv4 allow covers the mapped form', { policy: 'public-only', allow: ['127.0.0.1/32'] }, '::ffff:127.0.0.1', false],
    ['an IPv6 subnet', { policy: 'public-only', allow: ['fd00::/8'] }, 'fd00::1234', false],
    ['an IPv6 allow does not open IPv4', { policy: 'public-only', allow: ['::1'] }, '127.0.0.1', true],
    ['allowing metadata explicitly', { policy: 'public-only', allow: ['169.254.169.254'] }, '169.254.169.254', false],
  ]
  it.each(cases)('%s', (_name, policy, address, denied) => {
    expect(isDenied(address, policy)).toBe(denied)
  })
})

describe("egress policy: Picket's own services", () => {
  const own: EgressPolicy = {
    policy: 'open',
    allow: ['127.0.0.0/8'],
    protected: [
      { name: 'API port', addresses: ['127.0.0.0/8', '::1', '0.0.0.0'], port: 3000 },
      { name: 'database', addresses: ['10.0.0.7'], port: 5432 },
    ],
  }
  const cases: Array<[string, string, number | undefined, boolean]> = [
    ['the API port on loopback', '127.0.0.1', 3000, true],
    ['the API port on another loopback address', '127.0.0.2', 3000, true],
    ['the API port in IPv4-mapped form', '::ffff:127.0.0.1', 3000, true],
    ['the API port on 0.0.0.0', '0.0.0.0', 3000, true],
    ['another loopback port', '127.0.0.1', 3001, false],
    ['the database', '10.0.0.7', 5432, true],
    ['another port of the database host', '10.0.0.7', 80, false],
    ['a port not given', '127.0.0.1', undefined, false],
  ]
  it.each(cases)('%s', (_name, address, port, denied) => {
    expect(egressChecker(own).check(address, port).denied).toBe(denied)
  })

  it('says which service, whatever the allow list', () => {
    const d = egressChecker(own).check('127.0.0.1', 3000)
    expect(egressDeniedMessage('127.0.0.1', d, 'localhost', 3000)).toBe(
      "Egress policy: 127.0.0.1:3000 (resolved from localhost) is Picket's own API port; runs never reach Picket's own services",
    )
    expect(egressDeniedMessage('169.254.169.254', egressChecker({ policy: 'open', allow: [] }).check('169.254.169.254'))).toBe(
      'Egress policy: 169.254.169.254 is a cloud metadata address; runs never reach link-local or cloud metadata addresses (EGRESS_ALLOW can allow one)',
    )
  })
})

describe('egress helpers', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:a00:5', '10.0.0.5'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['::1', null],
    ['10.0.0.1', null],
    ['2001:db8::1', null],
  ])('embeddedIPv4(%s) = %s', (address, inner) => {
    expect(embeddedIPv4(address)).toBe(inner)
  })

  it('names the address, the name it came from and the setting', () => {
    expect(egressDeniedMessage('10.0.0.5', egressChecker(PUBLIC_ONLY).check('10.0.0.5'), 'internal.example')).toBe(
      'Egress policy: 10.0.0.5 (resolved from internal.example) is a private address; this installation allows public addresses only (EGRESS_POLICY=public-only)',
    )
    expect(egressDeniedMessage('::1', egressChecker(PUBLIC_ONLY).check('::1'), '[::1]')).toBe(
      'Egress policy: ::1 is a loopback address; this installation allows public addresses only (EGRESS_POLICY=public-only)',
    )
  })
})

describe("the child processes' guard (plain JavaScript) answers as the domain does", () => {
  it('for every address of the tables above, with and without an allow list', async () => {
    const { createRequire } = await import('node:module')
    const { egressRules } = await import('../../src/domain/egress.js')
    const guard = createRequire(import.meta.url)('../../src/runners/sandbox/egress-guard.cjs') as { compileEgressCheck: (rules: unknown) => (a: string) => string | null }
    const addresses = [
      '127.0.0.1',
      '::1',
      '0.0.0.0',
      '::',
      '10.0.0.5',
      '172.16.0.1',
      '192.168.1.1',
      'fd12::1',
      '169.254.1.1',
      'fe80::1%eth0',
      '100.64.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
      '100.100.100.200',
      '224.0.0.1',
      'ff02::1',
      '240.0.0.1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:5',
      '64:ff9b::10.0.0.1',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '[::1]',
      'nope',
    ]
    for (const allow of [[], ['127.0.0.1/32', '10.0.0.0/8']]) {
      const policy: EgressPolicy = { policy: 'public-only', allow }
      const check = guard.compileEgressCheck(egressRules(policy))
      for (const a of addresses) expect([a, check(a)]).toEqual([a, egressChecker(policy).check(a).reason])
    }
  })
})
