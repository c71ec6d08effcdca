import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tcpCheck } from '../../src/domain/checks/tcp.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { tcpRunner } from '../../src/runners/tcp.js'
import { runDoc } from '../helpers/run-spec.js'
import { freePort, startTcpBanner, startTcpDrip, startTcpEcho, type TcpTarget } from '../helpers/targets/tcp.js'

let echo: TcpTarget
let banner: TcpTarget
let drip: TcpTarget
beforeAll(async () => {
  echo = await startTcpEcho()
  banner = await startTcpBanner()
  drip = await startTcpDrip()
})
afterAll(async () => {
  await echo.close()
  await banner.close()
  await drip.close()
})

const ctx: RunContext = { location: 'local', now: () => Date.now() }
// The echo and banner targets end the connection after replying, so no test waits on the idle gap; it is long
// so that a reply slowed down by a loaded machine is still read.
const runner = tcpRunner({ idleMs: 10_000, timeoutMs: 30_000 })
const normalize = tcpCheck.fields.request?.normalize as (v: unknown) => unknown
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 't1',
  checkName: 'tcp',
  checkType: 'TCP',
  doc: runDoc('TCP', { request: normalize({ hostname: '127.0.0.1', ...request }), degradedResponseTime: 3000, maxResponseTime: 5000, shouldFail: false, ...extra }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target = '', property = '') => ({ source, comparison, target, property })

describe('TCP runner', () => {
  it('sends data and asserts on the reply, with every phase measured', async () => {
    const r = await runner.run(
      spec({
        port: echo.port,
        data: 'PING\n',
        assertions: [
          as('RESPONSE_DATA', 'CONTAINS', 'echo: PING'),
          as('RESPONSE_DATA', 'NOT_CONTAINS', 'PONG'),
          as('RESPONSE_DATA', 'NOT_EMPTY'),
          as('RESPONSE_TIME', 'LESS_THAN', '4000'),
        ],
      }),
      ctx,
    )
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    const t = r.timingPhases
    for (const p of ['dns', 'connection', 'data', 'total']) expect(t[p]).toBeGreaterThanOrEqual(0)
    expect(t.total).toBeGreaterThanOrEqual((t.dns ?? 0) + (t.connection ?? 0) + (t.data ?? 0) - 0.05)
    expect(r.responseTime).toBe(t.total)
    expect(r.details.response).toMatchObject({ data: 'echo: PING\n', bytesReceived: 11, remoteAddress: '127.0.0.1' })
  })

  it('reads a banner when a RESPONSE_DATA assertion needs it', async () => {
    const r = await runner.run(spec({ hostname: 'localhost', port: banner.port, assertions: [as('RESPONSE_DATA', 'EQUALS', 'PicketTest', 'SSH-2.0-(\\w+)')] }), ctx)
    expect(r.status).toBe('passing')
    expect(r.assertions[0]?.actual).toBe('PicketTest')
    expect(r.timingPhases.dns).toBeGreaterThanOrEqual(0)
  })

  it('only connects when there is nothing to send or read', async () => {
    const r = await runner.run(spec({ port: drip.port }), ctx)
    expect(r.status).toBe('passing')
    expect(r.timingPhases.data).toBe(0)
  })

  it('fails a failed assertion', async () => {
    const r = await runner.run(spec({ port: echo.port, data: 'x', assertions: [as('RESPONSE_DATA', 'EQUALS', 'y')] }), ctx)
    expect(r.errorKind).toBe('ASSERTION')
  })

  it('fails a refused connection with NETWORK, which shouldFail turns into a pass', async () => {
    const port = await freePort()
    expect(await runner.run(spec({ port }), ctx)).toMatchObject({ status: 'failing', errorKind: 'NETWORK', networkError: true })
    expect(await runner.run(spec({ port }, { shouldFail: true }), ctx)).toMatchObject({ status: 'passing', errorKind: null })
  })

  it('times out a reply that never ends, which shouldFail also passes', async () => {
    const slow = tcpRunner({ idleMs: 1000, timeoutMs: 300 })
    const s = spec({ port: drip.port, data: 'hello' })
    expect(await slow.run(s, ctx)).toMatchObject({ status: 'failing', errorKind: 'TIMEOUT' })
    expect((await slow.run({ ...s, doc: { ...s.doc, shouldFail: true } }, ctx)).status).toBe('passing')
  })

  it('judges response time limits', async () => {
    const r = await runner.run(spec({ port: echo.port, data: 'x' }, { degradedResponseTime: 0, maxResponseTime: 100000 }), ctx)
    expect(r.status).toBe('degraded')
    const slow = await runner.run(spec({ port: banner.port, assertions: [as('RESPONSE_DATA', 'NOT_EMPTY')] }, { degradedResponseTime: 0, maxResponseTime: 0 }), ctx)
    expect(slow).toMatchObject({ status: 'failing', errorKind: 'OVER_MAX_RESPONSE_TIME' })
  })

  it('maps an unknown host to DNS', async () => {
    expect((await runner.run(spec({ hostname: 'picket-nx.invalid', port: 80 }), ctx)).errorKind).toBe('DNS')
  })
})
