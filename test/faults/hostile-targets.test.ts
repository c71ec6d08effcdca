/**
 * Fault test: targets that misbehave at the socket level. An API check against a target that hangs,
 * resets the connection, answers garbage, cuts a body short, streams a body forever or dribbles its headers ends
 * with a failing result that says what happened (the endless body, slower than the 25 MB read cap fills, within
 * its time limit): never a thrown error, a hang, or a passing result.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import { apiRunner } from '../../src/runners/api.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { runDoc } from '../helpers/run-spec.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const noScripts: ScriptSandbox = { runSetup: () => Promise.reject(new Error('no scripts')), runTeardown: () => Promise.reject(new Error('no scripts')) }
const spec = (url: string): CheckRunSpec => ({
  checkId: 'c',
  checkName: 'hostile',
  checkType: 'API',
  variables: {},
  scripts: { setup: [], teardown: [] },
  doc: runDoc('API', { request: normalizeApiRequest({ url }), degradedResponseTime: 5000, maxResponseTime: 20000, shouldFail: false }),
})

const behaviours: Record<string, (socket: net.Socket) => void> = {
  hang: () => undefined,
  reset: (s) => s.resetAndDestroy(),
  garbage: (s) => s.end(Buffer.from([0x00, 0xff, 0x13, 0x37, ...Buffer.from(' not HTTP at all\r\n\r\n')])),
  truncated: (s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"cut":'),
  endless: (s) => {
    s.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n')
    const chunk = `4000\r\n${'x'.repeat(0x4000)}\r\n`
    const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write(chunk)), 5)
  },
  dribble: (s) => {
    const text = 'HTTP/1.1 200 OK\r\nX-Slow: '
    let i = 0
    const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write(text[i++ % text.length] ?? 'a')), 40)
  },
}

let server: net.Server
let port = 0
const sockets = new Set<net.Socket>()

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    let head = ''
    socket.on('data', (d: Buffer) => {
      if (head.includes('\r\n\r\n')) return
      head += d.toString('latin1')
      const path = /^[A-Z]+ \/(\w+)/.exec(head)?.[1] ?? ''
      if (head.includes('\r\n\r\n')) behaviours[path]?.(socket)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise<void>((r) => server.close(() => r()))
})

describe('an API check against a hostile target', () => {
  it.each([
    ['hang', ['TIMEOUT']],
    ['reset', ['NETWORK']],
    ['garbage', ['NETWORK']],
    ['truncated', ['NETWORK']],
    ['endless', ['TIMEOUT', 'NETWORK']],
    ['dribble', ['TIMEOUT']],
  ])('%s: a failing result that says so', async (path, kinds) => {
    const result = await apiRunner({ sandbox: noScripts, timeoutMs: 1500 }).run(spec(`http://127.0.0.1:${port}/${path}`), ctx)
    expect(result.status, result.errorMessage ?? '').toBe('failing')
    expect(result.hasErrors || result.hasFailures).toBe(true)
    expect(kinds).toContain(result.errorKind)
    expect(result.errorMessage).toMatch(/\S/)
    expect(result.stoppedAt).toBeGreaterThanOrEqual(result.startedAt)
  })
})
