/**
 * The traceroute runner with the system traceroute: to loopback, and through a route the test builds from network
 * namespaces (client → router → server), where the machine lets it (root and `ip netns`); skipped with a notice otherwise.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tracerouteCheck } from '../../src/domain/checks/traceroute.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { tracerouteRunner } from '../../src/runners/traceroute.js'
import { runDoc } from '../helpers/run-spec.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const normalize = tracerouteCheck.fields.request.normalize as (v: unknown) => Record<string, unknown>
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 't1',
  checkName: 'traceroute',
  checkType: 'TRACEROUTE',
  doc: runDoc('TRACEROUTE', { request: normalize({ url: '127.0.0.1', ptrLookup: false, timeout: 10, ...request }), degradedResponseTime: 10000, maxResponseTime: 20000, ...extra }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target: string, property = '') => ({ source, comparison, target, property })

const has = (cmd: string, args: string[]): boolean => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const hasTraceroute = has('traceroute', ['--version'])

describe.skipIf(!hasTraceroute)('traceroute runner on loopback', () => {
  const runner = tracerouteRunner()
  it('reaches 127.0.0.1 in one hop, with three probes and latency, and passes its assertions', async () => {
    const r = await runner.run(spec({ assertions: [as('HOP_COUNT', 'EQUALS', '1'), as('PACKET_LOSS', 'LESS_THAN', '50'), as('RESPONSE_TIME', 'LESS_THAN', '1000', 'max')] }), ctx)
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    expect(r.details).toMatchObject({ totalHops: 1, destinationReached: true, packetLoss: 0, response: { resolvedIp: '127.0.0.1', destinationReached: true } })
    const hops = (r.details.response as { hops: Array<{ address: string; rtts: number[] }> }).hops
    expect(hops[0]?.address).toBe('127.0.0.1')
    expect(hops[0]?.rtts).toHaveLength(3)
    expect(r.responseTime).toBe((r.details.finalHopLatency as { avg: number }).avg)
  })

  it('fails an assertion on the hop count, naming it', async () => {
    const r = await runner.run(spec({ assertions: [as('HOP_COUNT', 'GREATER_THAN', '3')] }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'ASSERTION' })
    expect(r.errorMessage).toContain('HOP_COUNT')
  })

  it('names the host name looked up with PTR names on', async () => {
    const r = await runner.run(spec({ url: 'https://localhost:8443/path', ptrLookup: true }), ctx)
    expect(r).toMatchObject({ status: 'passing' })
    expect(r.details.request).toMatchObject({ hostname: 'localhost' })
  })

  it('reports a name that does not resolve as a DNS failure', async () => {
    const r = await runner.run(spec({ url: 'no-such-host.invalid' }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'DNS', networkError: true })
  })

  it('reports a missing traceroute command as an internal error naming the package', async () => {
    const r = await tracerouteRunner({ command: ['/nonexistent/traceroute'] }).run(spec({}), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'INTERNAL' })
    expect(r.errorMessage).toContain('traceroute package')
  })
})

/** client (10.77.1.1) → router (10.77.1.2 | 10.77.2.1) → server (10.77.2.2), namespaces of this test only. */
const tag = randomBytes(3).toString('hex')
const ns = { client: `pkc${tag}`, router: `pkr${tag}`, server: `pks${tag}` }
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] })
let netnsReady = false
let skipReason = ''

function buildRoute(): void {
  for (const n of Object.values(ns)) ip('netns', 'add', n)
  ip('link', 'add', `pa${tag}`, 'netns', ns.client, 'type', 'veth', 'peer', 'name', `pb${tag}`, 'netns', ns.router)
  ip('link', 'add', `pc${tag}`, 'netns', ns.router, 'type', 'veth', 'peer', 'name', `pd${tag}`, 'netns', ns.server)
  const up = (n: string, dev: string, addr: string) => {
    ip('-n', n, 'addr', 'add', addr, 'dev', dev)
    ip('-n', n, 'link', 'set', dev, 'up')
    ip('-n', n, 'link', 'set', 'lo', 'up')
  }
  up(ns.client, `pa${tag}`, '10.77.1.1/24')
  up(ns.router, `pb${tag}`, '10.77.1.2/24')
  up(ns.router, `pc${tag}`, '10.77.2.1/24')
  up(ns.server, `pd${tag}`, '10.77.2.2/24')
  execFileSync('ip', ['netns', 'exec', ns.router, 'sysctl', '-qw', 'net.ipv4.ip_forward=1'])
  ip('-n', ns.client, 'route', 'add', 'default', 'via', '10.77.1.2')
  ip('-n', ns.server, 'route', 'add', 'default', 'via', '10.77.2.1')
}

beforeAll(() => {
  if (!hasTraceroute) return
  if (process.getuid?.() !== 0) {
    skipReason = 'not root'
    return
  }
  try {
    buildRoute()
    netnsReady = true
  } catch (err) {
    skipReason = (err as Error).message
  }
  if (!netnsReady) console.warn(`traceroute through network namespaces skipped: ${skipReason}`)
})

afterAll(() => {
  for (const n of Object.values(ns)) {
    try {
      ip('netns', 'del', n)
    } catch {
      // Never made (the machine does not allow it).
    }
  }
})

describe('traceroute runner through network namespaces', () => {
  it.each(['UDP', 'ICMP', 'TCP'])('%s probes go through the router to the server in two hops', async (protocol) => {
    if (!netnsReady) {
      console.warn(`skipped: network namespaces unavailable (${skipReason || 'no traceroute'})`)
      return
    }
    const runner = tracerouteRunner({ command: ['ip', 'netns', 'exec', ns.client, 'traceroute'] })
    const r = await runner.run(spec({ url: '10.77.2.2', protocol, assertions: [as('HOP_COUNT', 'EQUALS', '2')] }), ctx)
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r.details).toMatchObject({ totalHops: 2, destinationReached: true })
    const hops = (r.details.response as { hops: Array<{ hop: number; address: string | null }> }).hops
    expect(hops.map((h) => h.hop)).toEqual([1, 2])
    expect(hops[1]?.address).toBe('10.77.2.2')
    // TCP SYN probes may find the router silent (ICMP rate limits); the others name it.
    if (protocol !== 'TCP') expect(hops[0]?.address).toBe('10.77.1.2')
  })

  it('fails when the destination is not reached, stopping after the silent hops allowed', async () => {
    if (!netnsReady) return
    const runner = tracerouteRunner({ command: ['ip', 'netns', 'exec', ns.client, 'traceroute'] })
    // The router forwards to 10.77.2.0/24 only: 10.77.3.3 has no route, and the router answers "network unreachable".
    const r = await runner.run(spec({ url: '10.77.3.3', maxHops: 5, maxUnknownHops: 2, timeout: 15 }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'NETWORK' })
    expect(r.details).toMatchObject({ destinationReached: false })
    expect(r.errorMessage).toContain('10.77.3.3 was not reached')
  })
})
