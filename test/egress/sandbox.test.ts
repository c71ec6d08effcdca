/**
 * The egress policy inside the script sandbox: every way a setup script can open a connection, in its box (the
 * default: the box's network reaches only the run's egress proxy) and, where the operator turned the sandbox off,
 * in a bare child process whose own sockets are guarded.
 */
import dgram from 'node:dgram'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import { BOX_NETWORK_HINT } from '../../src/runners/sandbox/spawn-child.js'
import type { ScriptRequest } from '../../src/runners/script-sandbox.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const request: ScriptRequest = { method: 'GET', url: 'https://api.example.com/items', body: '', headers: {}, queryParameters: {} }
const publicOnly = { policy: 'public-only', allow: [] } as const
const denied = createChildProcessSandbox({ egress: publicOnly, concurrency: 2, box: null })
const allowed = createChildProcessSandbox({ egress: { policy: 'public-only', allow: ['127.0.0.1/32'] }, concurrency: 2, box: null })
const boxed = createChildProcessSandbox({ egress: publicOnly, concurrency: 2 })
const boxedAllowed = createChildProcessSandbox({ egress: { policy: 'public-only', allow: ['127.0.0.1/32'] }, concurrency: 2 })

let target: Target
beforeAll(async () => {
  target = await startHttpTarget()
})
afterAll(async () => {
  for (const sandbox of [denied, allowed, boxed, boxedAllowed]) sandbox.close()
  await target.close()
})

const LOOPBACK = 'is a loopback address; this installation allows public addresses only (EGRESS_POLICY=public-only)'

describe('egress policy in setup scripts, sandbox off (guarded sockets)', () => {
  const attempts: Array<[string, (url: string, port: number) => string, string]> = [
    ['fetch (undici)', (url) => `await fetch('${url}/json')`, LOOPBACK],
    ['node:http', (url) => `await new Promise((ok, fail) => require('http').get('${url}/json', ok).on('error', fail))`, LOOPBACK],
    ['node:http by name', (_u, port) => `await new Promise((ok, fail) => require('http').get('http://localhost:${port}/json', ok).on('error', fail))`, 'Egress policy: '],
    ['net.connect', (_u, port) => `await new Promise((ok, fail) => require('net').connect(${port}, '127.0.0.1', ok).on('error', fail))`, LOOPBACK],
    [
      'an IPv4-mapped address',
      (_u, port) => `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: '::ffff:127.0.0.1' }, ok).on('error', fail))`,
      LOOPBACK,
    ],
    [
      'a lookup of its own',
      (_u, port) =>
        `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: 'public.example', lookup: (h, o, cb) => o && o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4) }, ok).on('error', fail))`,
      'Egress policy: 127.0.0.1 (resolved from public.example)',
    ],
    ['the default host', (_u, port) => `await new Promise((ok, fail) => require('net').connect(${port}, ok).on('error', fail))`, 'Egress policy: '],
    ['a Unix socket', () => `await new Promise((ok, fail) => require('net').connect('/run/anything.sock', ok).on('error', fail))`, 'local socket /run/anything.sock'],
    ['UDP', () => `require('dgram').createSocket('udp4')`, 'UDP sockets are not available'],
    ['a private name server', () => `require('dns').setServers(['10.0.0.53'])`, 'Egress policy: 10.0.0.53 is a private address'],
    [
      'restoring connect',
      (url) => `const net = require('net'); try { net.Socket.prototype.connect = function () { return this } } catch {} ; await fetch('${url}/json')`,
      LOOPBACK,
    ],
  ]
  it.each(attempts)('%s is denied and the target sees nothing', async (_name, script, message) => {
    const before = target.hits
    const out = await denied.runSetup(script(target.url, target.port), { request, env: {} })
    expect(out.ok).toBe(false)
    expect(out.ok ? '' : out.error).toContain(message)
    expect(target.hits).toBe(before)
  })

  it('an allow-listed address is reachable', async () => {
    const out = await allowed.runSetup(`const r = await fetch('${target.url}/json'); process.env.NAME = (await r.json()).name`, { request, env: {} })
    expect(out.ok && out.env.NAME).toBe('picket')
  })
})

describe('egress policy in setup scripts, in their box', () => {
  const attempts: Array<[string, (url: string, port: number) => string, string]> = [
    ['fetch (undici)', (url) => `await fetch('${url}/json')`, LOOPBACK],
    ['node:http', (url) => `await new Promise((ok, fail) => require('http').get('${url}/json', ok).on('error', fail))`, LOOPBACK],
    [
      'node:http by name',
      (_u, port) => `await new Promise((ok, fail) => require('http').get('http://localhost:${port}/json', ok).on('error', fail))`,
      'Egress policy: 127.0.0.1 (resolved from localhost)',
    ],
    ['net.connect', (_u, port) => `await new Promise((ok, fail) => require('net').connect(${port}, '127.0.0.1', ok).on('error', fail))`, BOX_NETWORK_HINT],
    [
      'an IPv4-mapped address',
      (_u, port) => `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: '::ffff:127.0.0.1' }, ok).on('error', fail))`,
      BOX_NETWORK_HINT,
    ],
    [
      'a lookup of its own',
      (_u, port) =>
        `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: 'public.example', lookup: (h, o, cb) => o && o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4) }, ok).on('error', fail))`,
      BOX_NETWORK_HINT,
    ],
    ["the host's Unix sockets", () => `await new Promise((ok, fail) => require('net').connect('/var/run/postgresql/.s.PGSQL.5432', ok).on('error', fail))`, 'ENOENT'],
  ]
  it.each(attempts)('%s reaches nothing and says why', async (_name, script, message) => {
    const before = target.hits
    const out = await boxed.runSetup(script(target.url, target.port), { request, env: {} })
    expect(out.ok ? '' : out.error).toContain(message)
    expect(target.hits).toBe(before)
  })

  it('UDP leaves no box: a datagram to a listening host port never arrives', async () => {
    const server = dgram.createSocket('udp4')
    let received = 0
    server.on('message', () => received++)
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve))
    const { port } = server.address()
    const out = await boxed.runSetup(
      `const s = require('dgram').createSocket('udp4'); await new Promise((ok) => s.send('x', ${port}, '127.0.0.1', () => ok())); await new Promise((ok) => setTimeout(ok, 300)); s.close()`,
      { request, env: {} },
    )
    server.close()
    expect(out.ok ? '' : out.error).not.toMatch(/sandbox/)
    expect(received).toBe(0)
  })

  it('an allow-listed address is reachable through the proxy', async () => {
    const out = await boxedAllowed.runSetup(`const r = await fetch('${target.url}/json'); process.env.NAME = (await r.json()).name`, { request, env: {} })
    expect(out.ok && out.env.NAME).toBe('picket')
  })
})
