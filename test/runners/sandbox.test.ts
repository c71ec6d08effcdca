/** The child-process script sandbox, with real child processes and a real local server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import { createSemaphore } from '../../src/runners/sandbox/semaphore.js'
import type { ScriptRequest, ScriptResponse, SetupOutcome } from '../../src/runners/script-sandbox.js'

const request: ScriptRequest = { method: 'GET', url: 'https://api.example.com/items', body: '', headers: { Accept: 'application/json' }, queryParameters: {} }
const response: ScriptResponse = {
  statusCode: 200,
  statusText: 'OK',
  body: '{"items":[1,2]}',
  headers: { 'content-type': 'application/json' },
  timings: { end: 12 },
  timingPhases: { total: 12 },
}

const sandbox = createChildProcessSandbox()
const quick = createChildProcessSandbox({ timeoutMs: 2000 })
const small = createChildProcessSandbox({ memoryMb: 64 })
const setup = (script: string, env: Record<string, string> = {}): Promise<SetupOutcome> => sandbox.runSetup(script, { request, env })
const errorOf = (outcome: { ok: boolean; error?: string }): string | undefined => (outcome.ok ? undefined : outcome.error)

let server: Server
let baseUrl = ''
let secretDir = ''
let secretFile = ''

beforeAll(async () => {
  process.env.PICKET_SANDBOX_MARKER = 'parent-secret'
  process.env.DATABASE_URL ??= 'postgres://picket:parent-secret@localhost/picket'
  secretDir = mkdtempSync(path.join(tmpdir(), 'picket-sandbox-'))
  secretFile = path.join(secretDir, 'secret.txt')
  writeFileSync(secretFile, 'top-secret-content')
  chmodSync(secretDir, 0o755)
  chmodSync(secretFile, 0o644) // readable by anyone: only the permission model stands in the way
  server = createServer((_req, res) => res.end('{"token":"from-server"}'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
  rmSync(secretDir, { recursive: true, force: true })
  for (const s of [sandbox, quick, small]) s.close()
})

describe('setup and teardown', () => {
  it('setup changes the URL, headers and variables and the outcome carries them', async () => {
    const outcome = await setup(
      `request.url = request.url + '?page=2'
       request.headers['X-Token'] = process.env.BASE_TOKEN + '-signed'
       request.queryParameters.limit = 10
       request.method = 'POST'
       request.body = { hello: 'world' }
       process.env.SESSION = 'abc123'
       delete process.env.DROP_ME`,
      { BASE_TOKEN: 'tok', DROP_ME: 'x' },
    )
    expect(outcome).toEqual({
      ok: true,
      request: {
        method: 'POST',
        url: 'https://api.example.com/items?page=2',
        body: '{"hello":"world"}',
        headers: { Accept: 'application/json', 'X-Token': 'tok-signed' },
        queryParameters: { limit: '10' },
      },
      env: { BASE_TOKEN: 'tok', SESSION: 'abc123' },
      logs: [],
    })
  })

  it('teardown changes only the response body', async () => {
    const outcome = await sandbox.runTeardown(
      `const data = JSON.parse(response.body)
       response.body = JSON.stringify({ count: data.items.length, url: request.url })
       response.statusCode = 500
       response.headers['x-extra'] = '1'
       process.env.ONLY_FOR_THIS_SCRIPT = 'yes'`,
      { request, response, env: {} },
    )
    expect(outcome).toEqual({ ok: true, response: { ...response, body: '{"count":2,"url":"https://api.example.com/items"}' }, logs: [] })
  })

  it('supports top-level await, fetch, timers and require of runtime packages', async () => {
    const outcome = await setup(
      `await new Promise((resolve) => setTimeout(resolve, 20))
       const data = await (await fetch(process.env.API + '/token')).json()
       request.headers.Authorization = 'Bearer ' + data.token
       const { createHash } = require('node:crypto')
       process.env.HASH = createHash('sha256').update('x').digest('hex').slice(0, 8)
       process.env.AJV = typeof require('ajv')`,
      { API: baseUrl },
    )
    expect(outcome.ok && outcome.request.headers.Authorization).toBe('Bearer from-server')
    expect(outcome.ok && outcome.env).toMatchObject({ HASH: '2d711642', AJV: 'function' })
  })

  it('captures console output, bounded to 100 lines of 1000 characters', async () => {
    const outcome = await setup(`console.log('hello', { a: 1 }); console.warn('careful'); console.error(new Error('shown').message)`)
    expect(outcome.logs).toEqual(['hello { a: 1 }', '[warn] careful', '[error] shown'])
    const noisy = await setup(`for (let i = 0; i < 250; i++) console.log(String(i).repeat(2000))`)
    expect(noisy.ok).toBe(true)
    expect(noisy.logs).toHaveLength(100)
    expect(noisy.logs.every((line) => line.length <= 1000)).toBe(true)
    expect(noisy.logs.at(-1)).toBe('… 151 more log lines not shown')
  })
})

describe('failures', () => {
  it('reports a thrown error with its message and line', async () => {
    expect(errorOf(await setup(`const a = 1\nthrow new Error('boom')`))).toBe('boom (line 2)')
    expect(errorOf(await sandbox.runTeardown(`throw new Error('boom')`, { request, response, env: {} }))).toBe('boom (line 1)')
  })

  it('kills an endless loop at the time limit while a parallel script still succeeds', async () => {
    const [looping, fine] = await Promise.all([
      quick.runSetup(`console.log('started'); while (true) {}`, { request, env: {} }),
      quick.runSetup(`process.env.DONE = 'yes'`, { request, env: {} }),
    ])
    expect(looping).toEqual({ ok: false, error: 'Script timed out after 2s', logs: ['started'] })
    expect(fine.ok && fine.env.DONE).toBe('yes')
  })

  it('reports running out of memory, for heap objects and for buffers', async () => {
    const heap = await small.runSetup(`const keep = []; while (true) keep.push(new Array(1e5).fill(1.5))`, { request, env: {} })
    expect(errorOf(heap)).toBe('Script ran out of memory (64 MB)')
    const buffers = await small.runSetup(`const keep = []; while (true) keep.push(Buffer.alloc(1e7, 1))`, { request, env: {} })
    expect(errorOf(buffers)).toBe('Script ran out of memory (64 MB)')
  })

  it('survives garbage on stdout, process.exit and oversized data', async () => {
    const noisy = await setup(`process.stdout.write('{not json'); new (require('net').Socket)({ fd: 1 }).write('@@picket{'); process.env.OK = '1'`)
    expect(noisy.ok && noisy.env.OK).toBe('1')
    expect(errorOf(await setup(`process.exit(3)`))).toBe('Script exited before finishing (code 3)')
    expect(errorOf(await setup(`request.body = 'x'.repeat(300 * 1024)`))).toBe('Script output is larger than 256 KB')
    const big = await sandbox.runSetup('', { request: { ...request, body: 'x'.repeat(300 * 1024) }, env: {} })
    expect(errorOf(big)).toBe('Script input is larger than 256 KB')
  })
})

describe('isolation', () => {
  it('sees only the variables it is given', async () => {
    const outcome = await setup(
      `console.log([process.env.DATABASE_URL, process.env.HOME, process.env.PATH, process.env.PICKET_SANDBOX_MARKER].map(String).join(','))
       console.log(Object.keys(process.env).join(','))`,
      { GIVEN: 'yes' },
    )
    expect(outcome.logs).toEqual(['undefined,undefined,undefined,undefined', 'GIVEN'])
  })

  it('cannot read files, through require or around it', async () => {
    expect(errorOf(await setup(`require('fs').readFileSync('/etc/passwd', 'utf8')`))).toBe("require('fs') is not allowed in scripts (line 1)")
    expect(errorOf(await setup(`require('node:fs/promises')`))).toMatch(/not allowed in scripts/)
    const sneaky = await setup(
      `const fs = require('module').createRequire('/tmp/x.js')('fs')
       for (const file of ['/etc/passwd', process.env.FILE]) {
         try { process.env[file] = fs.readFileSync(file, 'utf8') } catch (error) { console.log(error.code) }
       }
       await fs.promises.readFile(process.env.FILE, 'utf8')`,
      { FILE: secretFile },
    )
    expect(sneaky).toEqual({ ok: false, error: 'Access to this API has been restricted (line 5)', logs: ['ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED'] })
  })

  it('cannot start processes or workers, nor signal its parent', async () => {
    expect(errorOf(await setup(`require('child_process')`))).toBe("require('child_process') is not allowed in scripts (line 1)")
    expect(errorOf(await setup(`require('worker_threads')`))).toMatch(/not allowed in scripts/)
    const around = `require('module').createRequire('/tmp/x.js')`
    expect(errorOf(await setup(`${around}('child_process').execSync('id')`))).toBe('Access to this API has been restricted (line 1)')
    expect(errorOf(await setup(`new (${around}('worker_threads').Worker)('1', { eval: true })`))).toBe('Access to this API has been restricted (line 1)')
    expect(errorOf(await setup(`process.kill(process.ppid, 'SIGKILL')`))).toBe('process.kill is not available in scripts (line 1)')
    expect(errorOf(await setup(`process._debugProcess(process.ppid)`))).toBe('process._debugProcess is not available in scripts (line 1)')
  })

  it('leaves the parent process as it was', async () => {
    expect(process.env.PICKET_SANDBOX_MARKER).toBe('parent-secret')
    expect(readFileSync(secretFile, 'utf8')).toBe('top-secret-content')
    const outcome = await setup(`process.env.AFTER = 'still works'`)
    expect(outcome.ok && outcome.env.AFTER).toBe('still works')
  })
})

describe('concurrency', () => {
  it('runs at most the configured number of tasks at once', async () => {
    const semaphore = createSemaphore(2)
    let running = 0
    let peak = 0
    const task = async (): Promise<void> => {
      peak = Math.max(peak, ++running)
      await new Promise((resolve) => setImmediate(resolve))
      running--
    }
    await Promise.all(Array.from({ length: 7 }, () => semaphore.run(task)))
    expect(peak).toBe(2)
    expect(semaphore.active).toBe(0)
  })

  it('fails scripts after close instead of running them', async () => {
    const closing = createChildProcessSandbox()
    closing.close()
    expect(errorOf(await closing.runSetup('', { request, env: {} }))).toBe('Script sandbox is closed')
  })
})
