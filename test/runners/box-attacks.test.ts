/**
 * Attacks on the run box, written as an attacker's own checks would be: real Playwright scripts in Debian's
 * Chromium through the browser runner, with the service's default box and egress policy (Picket's own services
 * worked out by main/protected-endpoints.ts). Each attack must fail, say so in the attacker's own result, and leave
 * the host and every other run untouched.
 */
import { spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPEN_EGRESS } from '../../src/domain/egress.js'
import { withProtectedEndpoints } from '../../src/main/protected-endpoints.js'
import { listProcesses } from '../../src/runners/browser/proc-tree.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { runDoc } from '../helpers/run-spec.js'
import { startWebShop, type WebShop } from '../helpers/targets/web-shop.js'

const HEADER = "const { test, expect } = require('@playwright/test')\nconst fs = require('fs')\nconst { execSync, spawn } = require('child_process')\n"
const SECRET = `box-attack-secret-${process.pid}-${Date.now()}`

// Each case is a whole browser run in a box (up to the runner's 40 s limit), on a machine that may be busy.
describe.skipIf(!HAS_CHROMIUM)('the run box under attack', { timeout: 90_000 }, () => {
  let runner: BrowserRunner
  let shop: WebShop
  let workDir: string
  let dataDir: string
  let fakeApi: http.Server
  let apiHits = 0
  const results: RunResult[] = []

  beforeAll(async () => {
    shop = await startWebShop()
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pbx-'))
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pbx-data-'))
    await chmod(workDir, 0o755)
    await chmod(dataDir, 0o755)
    await writeFile(path.join(dataDir, 'picket.db'), `every account's secrets: ${SECRET}`, { mode: 0o644 })
    // Stands for the service's own API port: a run must never reach it, on any address of the host.
    fakeApi = http.createServer((_req, res) => {
      apiHits++
      res.end(`owner key ${SECRET}`)
    })
    await new Promise<void>((resolve) => fakeApi.listen(0, '0.0.0.0', resolve))
    const egress = await withProtectedEndpoints(OPEN_EGRESS, {
      listening: [{ name: 'API port', port: (fakeApi.address() as AddressInfo).port }],
      remote: [
        { name: 'database', url: 'postgres://postgres@127.0.0.1:5432/picket', defaultPort: 5432 },
        { name: 'Redis', url: 'redis://localhost:6379', defaultPort: 6379 },
      ],
    })
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 40_000, workDir, egress })
  })
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await runner.close()
    await shop.close()
    await new Promise((resolve) => fakeApi.close(resolve))
    await rm(workDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  async function attack(script: string, variables: Record<string, string> = {}): Promise<RunResult & { log: string }> {
    const spec: CheckRunSpec = {
      checkId: 'attacker',
      checkName: 'Attacker',
      checkType: 'BROWSER',
      doc: runDoc('BROWSER', { runtimeId: '2026.04', script: HEADER + script }),
      variables: { SHOP_URL: shop.url, API_URL: `http://127.0.0.1:${(fakeApi.address() as AddressInfo).port}`, DATA_DIR: dataDir, SERVICE_PID: String(process.pid), ...variables },
      scripts: { setup: [], teardown: [] },
    }
    const result = await runner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    return { ...result, log: (result.jobLog ?? []).join('\n') }
  }

  it("reads none of the host's files: DATA_DIR, /etc/shadow, the service's /proc, other runs' folders", async () => {
    const r = await attack(`test('read', async () => {
  const tries = [process.env.DATA_DIR + '/picket.db', '/etc/shadow', '/proc/' + process.env.SERVICE_PID + '/environ', '/root/.bash_history', '/var/run/postgresql']
  for (const p of tries) {
    try { console.log('READ ' + p + ' ' + fs.readFileSync(p, 'utf8').slice(0, 300)) } catch (e) { console.log('DENIED ' + p + ' ' + e.code) }
  }
  console.log('SIBLINGS ' + JSON.stringify(fs.readdirSync(require('path').dirname(process.cwd())).sort()))
  console.log('PROCESSES ' + fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).length)
  console.log('ID ' + execSync('id -u').toString().trim())
  console.log('UIDMAP ' + fs.readFileSync('/proc/self/uid_map', 'utf8').trim().split(/\\s+/).join(' '))
  console.log('CAPS ' + /CapEff:\\s*(\\w+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1])
  try { process.setuid(1); console.log('SETUID done') } catch (e) { console.log('SETUID ' + e.code) }
})`)
    expect(r.log).not.toContain(SECRET)
    expect(r.log).not.toMatch(/^READ /m)
    expect(r.log).toContain(`DENIED ${dataDir}/picket.db ENOENT`)
    expect(r.log).toContain('DENIED /etc/shadow ENOENT')
    expect(r.log).toContain(`DENIED /proc/${process.pid}/environ ENOENT`)
    // The run's folder is /suite in a root of the box's own: no other run's folder, nothing of the runner's root.
    const siblings = JSON.parse(/SIBLINGS (.*)/.exec(r.log)?.[1] ?? '[]') as string[]
    expect(siblings).toEqual(expect.arrayContaining(['suite', 'node_modules', 'usr', 'tmp']))
    expect(siblings.filter((n) => /^(r|a|e|pkb)-/.test(n))).toEqual([])
    expect(Number(/PROCESSES (\d+)/.exec(r.log)?.[1])).toBeLessThan(40)
    // Root of its own user namespace only: the one id mapped is the unprivileged host user, with no capability.
    expect(/ID (\d+)/.exec(r.log)?.[1]).toBe('0')
    expect(/UIDMAP (.*)/.exec(r.log)?.[1]).toBe(`0 ${process.getuid?.() === 0 ? 65534 : process.getuid?.()} 1`)
    expect(/CAPS (\w+)/.exec(r.log)?.[1]).toBe('0000000000000000')
    expect(r.log).toMatch(/SETUID (EPERM|EINVAL)/) // no other id exists in the namespace, and no capability to become one
    expect(r.status).toBe('passing')
  })

  it('leaves no process behind: detached, double-forked and setsid children die with the run', async () => {
    const token = `linger-${process.pid}-${Date.now()}`
    const r = await attack(`test('linger', async () => {
  spawn('bash', ['-c', 'setsid bash -c "exec -a ${token}-a sleep 300" & (exec -a ${token}-b sleep 300 &) ; exit 0'], { detached: true, stdio: 'ignore' }).unref()
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000) /* ${token}-c */'], { detached: true, stdio: 'ignore' }).unref()
  await new Promise((ok) => setTimeout(ok, 500))
  const names = fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).map((n) => { try { return fs.readFileSync('/proc/' + n + '/cmdline', 'utf8') } catch { return '' } })
  console.log('STARTED ' + names.filter((c) => c.includes('${token}')).length)
})`)
    expect(r.status).toBe('passing')
    // The three lingerers were running inside the box when the test ended.
    expect(Number(/STARTED (\d+)/.exec(r.log)?.[1])).toBe(3)
    const lingering: string[] = []
    for (const p of listProcesses()) {
      const cmdline = await readFile(`/proc/${p.pid}/cmdline`, 'utf8').catch(() => '')
      if (cmdline.includes(token) && !cmdline.includes('vitest')) lingering.push(cmdline)
    }
    expect(lingering).toEqual([])
  })

  const reachFromNode = (url: string): string =>
    `test('node', async () => { const r = await fetch('${url}'); console.log('GOT ' + r.status + ' ' + (await r.text()).slice(0, 200)) })`
  const reachFromChromium = (url: string): string =>
    `test('chromium', async ({ page }) => { const r = await page.goto('${url}'); console.log('GOT ' + (r && r.status()) + ' ' + (await page.content()).slice(0, 200)) })`
  const reachFromCurl = (url: string): string => `test('curl', async () => { console.log('GOT ' + execSync('curl -s -m 5 ${url} || true').toString().slice(0, 200)) })`
  const targets: Array<[string, string, string]> = [
    ["the service's API port", 'http://127.0.0.1:API_PORT/v1/checks', "is Picket's own API port"],
    ["the service's API port on the host's other loopback address", 'http://127.0.0.2:API_PORT/metrics', "is Picket's own API port"],
    ['its PostgreSQL', 'http://127.0.0.1:5432/', "is Picket's own database"],
    ['its Redis by name', 'http://localhost:6379/', "is Picket's own Redis"],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 'is a cloud metadata address'],
  ]
  const clients: Array<[string, (url: string) => string]> = [
    ['node', reachFromNode],
    ['Chromium', reachFromChromium],
    ['a child curl', reachFromCurl],
  ]
  const cases = clients.flatMap(([client, script]) => targets.map(([what, url, message]) => [client, what, script, url, message] as const))

  it.each(cases)('%s cannot reach %s', async (_client, _what, script, url, message) => {
    const before = apiHits
    const r = await attack(script(url.replace('API_PORT', String((fakeApi.address() as AddressInfo).port))))
    expect(r.status).toBe('failing')
    expect(r.errorMessage).toContain(message)
    expect(r.log).not.toContain(SECRET)
    expect(apiHits).toBe(before)
  })

  it.each(clients)('%s still reaches a loopback service that is not Picket', async (_client, script) => {
    const before = shop.requests.length
    const r = await attack(script(`${shop.url}/api/products`))
    expect(r.errorMessage).toBeNull()
    expect(r.log).toMatch(/GOT .*Pager|GOT 200/)
    expect(shop.requests.length).toBeGreaterThan(before)
  })

  it('a run that floods its folder is killed at its disk quota, and its private /tmp is bounded', async () => {
    const small = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 40_000, workDir, diskMb: 40 })
    const spec: CheckRunSpec = {
      checkId: 'attacker',
      checkName: 'Attacker',
      checkType: 'BROWSER',
      variables: {},
      scripts: { setup: [], teardown: [] },
      doc: runDoc('BROWSER', {
        runtimeId: '2026.04',
        script: `${HEADER}test('flood', async () => {
  for (let i = 0; i < 1000; i++) { fs.writeFileSync('flood-' + i, Buffer.alloc(4 * 1024 * 1024, 1)); await new Promise((ok) => setTimeout(ok, 20)) }
})`,
      }),
    }
    const r = await small.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    await r.release?.()
    await small.close()
    expect(r.errorMessage).toBe('The run wrote more than 40 MB into its folder and was killed')
    const tmp = await attack(`test('fill tmp', async () => {
  try { for (let i = 0; i < 300; i++) fs.writeFileSync('/tmp/fill-' + i, Buffer.alloc(1024 * 1024, 1)); console.log('TMP full') } catch (e) { console.log('TMP ' + e.code) }
})`)
    expect(tmp.log).toContain('TMP ENOSPC')
  })

  it('a raw socket around the proxy reaches nothing, even a port that is open on the host', async () => {
    const port = (fakeApi.address() as AddressInfo).port
    const before = apiHits
    const r = await attack(`test('raw', async () => {
  const out = await new Promise((ok) => require('net').connect(${port}, '127.0.0.1').on('connect', () => ok('CONNECTED')).on('error', (e) => ok('REFUSED ' + e.code)))
  console.log(out)
})`)
    expect(r.log).toContain('REFUSED ECONNREFUSED')
    expect(apiHits).toBe(before)
  })
})

/** The helper the lingering test relies on is itself sound: a process started outside any box is seen. */
it('the process scan sees a detached process of the host', async () => {
  const token = `scan-check-${process.pid}`
  const child = spawn('bash', ['-c', `exec -a ${token} sleep 30`], { detached: true, stdio: 'ignore' })
  await new Promise((ok) => setTimeout(ok, 200))
  let seen = false
  for (const p of listProcesses()) if ((await readFile(`/proc/${p.pid}/cmdline`, 'utf8').catch(() => '')).includes(token)) seen = true
  child.kill('SIGKILL')
  expect(seen).toBe(true)
})
