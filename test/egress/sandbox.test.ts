/** The egress policy inside the script sandbox's child: every way a setup script can open a connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import type { ScriptRequest } from '../../src/runners/script-sandbox.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const request: ScriptRequest = { method: 'GET', url: 'https://api.example.com/items', body: '', headers: {}, queryParameters: {} }
const denied = createChildProcessSandbox({ egress: { policy: 'public-only', allow: [] }, concurrency: 2 })
const allowed = createChildProcessSandbox({ egress: { policy: 'public-only', allow: ['127.0.0.1/32'] }, concurrency: 2 })

let target: Target
beforeAll(async () => {
  target = await startHttpTarget()
})
afterAll(async () => {
  denied.close()
  allowed.close()
  await target.close()
})

const LOOPBACK = 'is a loopback address; this installation allows public addresses only (EGRESS_POLICY=public-only)'

describe('egress policy in setup scripts', () => {
  const attempts: Array<[string, (url: string, port: number) => string, string]> = [
    ['fetch (undici)', (url) => `await fetch('${url}/json')`, LOOPBACK],
    ['node:http', (url) => `await new Promise((ok, fail) => require('http').get('${url}/json', ok).on('error', fail))`, LOOPBACK],
    ['node:http by name', (_u, port) => `await new Promise((ok, fail) => require('http').get('http://localhost:${port}/json', ok).on('error', fail))`, 'Egress policy: '],
    ['net.connect', (_u, port) => `await new Promise((ok, fail) => require('net').connect(${port}, '127.0.0.1', ok).on('error', fail))`, LOOPBACK],
    ['an IPv4-mapped address', (_u, port) => `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: '::ffff:127.0.0.1' }, ok).on('error', fail))`, LOOPBACK],
    ['a lookup of its own', (_u, port) => `await new Promise((ok, fail) => require('net').connect({ port: ${port}, host: 'public.example', lookup: (h, o, cb) => o && o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4) }, ok).on('error', fail))`, 'Egress policy: 127.0.0.1 (resolved from public.example)'],
    ['the default host', (_u, port) => `await new Promise((ok, fail) => require('net').connect(${port}, ok).on('error', fail))`, 'Egress policy: '],
    ['a Unix socket', () => `await new Promise((ok, fail) => require('net').connect('/run/anything.sock', ok).on('error', fail))`, 'local socket /run/anything.sock'],
    ['UDP', () => `require('dgram').createSocket('udp4')`, 'UDP sockets are not available'],
    ['a private name server', () => `require('dns').setServers(['10.0.0.53'])`, 'Egress policy: 10.0.0.53 is a private address'],
    ['restoring connect', (url) => `const net = require('net'); try { net.Socket.prototype.connect = function () { return this } } catch {} ; await fetch('${url}/json')`, LOOPBACK],
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
