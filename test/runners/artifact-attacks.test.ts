/**
 * Runs that try to make the service hand out files it must not: report attachments pointing outside the run's
 * folder, symbolic links named like screenshots, a linked folder inside the run, a hard link, a fifo, a trace zip
 * that unpacks to hundreds of megabytes and a sparse 1 GiB "screenshot". Real runs with Debian's Chromium and the
 * real Playwright Test runner. What must hold: no artifact holds a byte of the secrets, the job log says what was
 * left out and why, the run's verdict is still the test's own, and the service's memory stays bounded.
 */
import { chmod, chown, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Zip, ZipDeflate } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { runDoc } from '../helpers/run-spec.js'
import { startWebShop, type WebShop } from '../helpers/targets/web-shop.js'

const TEST_HEADER = "const { test } = require('@playwright/test')\nconst fs = require('fs')\nconst path = require('path')\n"
const SECRET = 'picket-secret-7d1f0c2a-do-not-leak'
const MB = 1024 * 1024
const AS_ROOT = process.getuid?.() === 0

/** A zip of two entries that unpack to `mbEach` MB each (console lines and zeros) from about 2 MB of bytes. */
function zipBomb(mbEach: number): Buffer {
  const chunks: Uint8Array[] = []
  const zip = new Zip((err, data) => {
    if (err) throw err
    chunks.push(data)
  })
  const line = Buffer.from('{"type":"console","messageType":"log","text":"bomb"}\n')
  const lines = Buffer.alloc(MB)
  for (let i = 0; i + line.length <= lines.length; i += line.length) line.copy(lines, i)
  for (const [name, block] of [
    ['trace.trace', lines],
    ['trace.network', Buffer.alloc(MB)],
  ] as const) {
    const entry = new ZipDeflate(name, { level: 6 })
    zip.add(entry)
    for (let i = 0; i < mbEach; i++) entry.push(block)
    entry.push(new Uint8Array(0), true)
  }
  zip.end()
  return Buffer.concat(chunks)
}

// In the run box (the default) and without one (SANDBOX=off), where the run sees this machine's files as they are.
describe.skipIf(!HAS_CHROMIUM).each([
  { where: 'in the run box', unboxed: false },
  { where: 'without a box', unboxed: true },
])('artifacts of hostile runs $where', { timeout: 120_000 }, ({ unboxed }) => {
  let shop: WebShop
  let runner: BrowserRunner
  let workDir: string
  let outside: string
  let environ: Buffer
  let bombServer: http.Server
  let bombUrl: string
  const results: RunResult[] = []

  beforeAll(async () => {
    shop = await startWebShop()
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pat-'))
    await chmod(workDir, 0o755) // runs execute as nobody when the tests run as root
    outside = await mkdtemp(path.join(os.tmpdir(), 'pat-outside-'))
    await chmod(outside, 0o755)
    for (const name of ['secret.txt', 'secret.png', 'picket.db']) await writeFile(path.join(outside, name), `${SECRET} ${name}\n`, { mode: 0o644 })
    // A file the run's user owns outside its folder, so that the kernel lets it make a hard link to it.
    await writeFile(path.join(outside, 'linkable.png'), `${SECRET} linkable\n`, { mode: 0o644 })
    if (AS_ROOT) await chown(path.join(outside, 'linkable.png'), 65534, 65534)
    // Runs may see nothing of this machine's folders: the bomb comes over HTTP.
    const bomb = zipBomb(256)
    bombServer = http.createServer((req, res) => {
      if (req.url === '/bomb.zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(bomb)
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bomb</title>')
    })
    await new Promise<void>((resolve) => bombServer.listen(0, '127.0.0.1', resolve))
    bombUrl = `http://127.0.0.1:${(bombServer.address() as AddressInfo).port}`
    environ = await readFile('/proc/self/environ').catch(() => Buffer.alloc(0))
    // A generous limit: these runs do more than most, on machines that may be busy with other work.
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 60_000, workDir, ...(unboxed ? { box: null } : {}) })
  }, 60_000)
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await runner.close()
    await shop.close()
    await new Promise((resolve) => bombServer.close(resolve))
    await rm(workDir, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  })

  async function run(script: string, variables: Record<string, string> = {}): Promise<RunResult> {
    const spec: CheckRunSpec = {
      checkId: 'check-1',
      checkName: 'Hostile',
      checkType: 'BROWSER',
      doc: runDoc('BROWSER', { runtimeId: '2026.04', script }),
      variables: { SHOP_URL: shop.url, OUTSIDE: outside, ...variables },
      scripts: { setup: [], teardown: [] },
    }
    const result = await runner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    return result
  }

  /** Every artifact's bytes; none may hold a secret or the service's environment. */
  async function expectNoSecretIn(r: RunResult): Promise<void> {
    for (const a of r.artifacts ?? []) {
      const bytes = await readFile(a.path)
      expect(bytes.includes(SECRET), `${a.name} holds the secret`).toBe(false)
      if (environ.length > 0) expect(bytes.includes(environ), `${a.name} holds the service's environment`).toBe(false)
      for (const line of (await readFile('/etc/shadow').catch(() => Buffer.alloc(0)))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.includes(':$'))) {
        expect(bytes.includes(line), `${a.name} holds /etc/shadow`).toBe(false)
      }
    }
  }

  const leftOut = (r: RunResult, what: RegExp): boolean => r.jobLog.some((l) => /left out/i.test(l) && what.test(l))

  it('keeps no report attachment from outside the run folder, through a link, a linked folder or a hard link', async () => {
    const script = `${TEST_HEADER}test('steals', async ({ page }, testInfo) => {
  await page.goto(process.env.SHOP_URL)
  const out = process.env.OUTSIDE
  const here = __dirname
  const attach = (name, file, contentType = 'image/png') => testInfo.attachments.push({ name, path: file, contentType })
  attach('environ', '/proc/self/environ')
  attach('shadow', '/etc/shadow')
  attach('secret', path.join(out, 'secret.txt'))
  attach('database', path.join(out, 'picket.db'))
  attach('trace', path.join(out, 'secret.txt'), 'application/zip')
  attach('dots', here + '/../../../' + path.basename(out) + '/secret.png')
  fs.symlinkSync(path.join(out, 'secret.png'), path.join(here, 'shot.png'))
  attach('link', path.join(here, 'shot.png'))
  fs.symlinkSync(out, path.join(here, 'shots'))
  attach('linked-folder', path.join(here, 'shots', 'secret.png'))
  try { fs.linkSync(path.join(out, 'linkable.png'), path.join(here, 'hard.png')) } catch (e) { console.log('hard link refused: ' + e.code) }
  attach('hard', path.join(here, 'hard.png'))
})`
    const r = await run(script)
    expect(r.status).toBe('passing')
    await expectNoSecretIn(r)
    for (const name of ['environ', 'shadow', 'secret', 'database', 'dots', 'link', 'linked-folder', 'hard']) {
      expect(leftOut(r, new RegExp(`'${name}'`)), `job log names '${name}'`).toBe(true)
    }
    // Without a box the run sees the file outside and can link to it: the second link is what refuses it.
    if (unboxed) expect(leftOut(r, /'hard'.*has other hard links/)).toBe(true)
    // What the run made itself is still kept: Playwright's own trace and the report.
    expect(r.artifacts?.filter((a) => a.type === 'trace')).toHaveLength(1)
    expect(r.artifacts?.filter((a) => a.type === 'report')).toHaveLength(1)
    expect(r.details.networkRequests).toBeGreaterThan(0)
  })

  it('keeps no linked output file, fifo or hard link of a plain script', async () => {
    const script = `const { chromium } = require('playwright')
const fs = require('fs')
const path = require('path')
;(async () => {
  const browser = await chromium.launch()
  const page = await browser.newPage()
  await page.goto(process.env.SHOP_URL)
  await browser.close()
  const out = process.env.OUTSIDE
  const output = process.env.PICKET_OUTPUT_DIR
  fs.symlinkSync(path.join(out, 'secret.png'), path.join(output, 'failure-1.png'))
  fs.symlinkSync(path.join(out, 'picket.db'), path.join(output, 'trace-9.zip'))
  fs.symlinkSync(path.join(out, 'secret.png'), 'stolen.png')
  fs.mkdirSync('pictures')
  fs.symlinkSync(out, path.join('pictures', 'more'))
  try { fs.linkSync(path.join(out, 'linkable.png'), 'hard.png') } catch (e) { console.log('hard link refused: ' + e.code) }
  require('child_process').execFileSync('mkfifo', [path.join(output, 'failure-2.png'), 'pipe.png'])
  console.log('done')
})()`
    const r = await run(script)
    expect(r.errorMessage).toBeNull()
    expect(r.status).toBe('passing')
    await expectNoSecretIn(r)
    expect(leftOut(r, /failure-1\.png/)).toBe(true)
    expect(leftOut(r, /trace-9\.zip/)).toBe(true)
    expect(leftOut(r, /failure-2\.png/)).toBe(true)
    expect(r.artifacts?.some((a) => /stolen|more|secret|hard/.test(a.name))).toBe(false)
    expect(r.artifacts?.filter((a) => a.type === 'trace')).toHaveLength(1)
  })

  it('summarizes a trace zip bomb within a bounded memory and leaves out a 1 GiB screenshot and a 60 MB trace', async () => {
    const script = `${TEST_HEADER}test('inflates', async ({ page }, testInfo) => {
  await page.goto(process.env.SHOP_URL)
  const here = __dirname
  await page.goto(process.env.BOMB_URL)
  const base64 = await page.evaluate(async () => {
    const blob = await (await fetch('/bomb.zip')).blob()
    return new Promise((resolve) => { const r = new FileReader(); r.onload = () => resolve(String(r.result).split(',')[1]); r.readAsDataURL(blob) })
  })
  fs.writeFileSync(path.join(here, 'bomb.zip'), Buffer.from(base64, 'base64'))
  testInfo.attachments.push({ name: 'trace', path: path.join(here, 'bomb.zip'), contentType: 'application/zip' })
  fs.writeFileSync(path.join(here, 'huge.png'), '')
  // 1 GiB of nothing (a sparse file), or less where the run's largest file is smaller (the box's file size limit)
  for (const mb of [1024, 500, 200, 100]) {
    try { fs.truncateSync(path.join(here, 'huge.png'), mb * 1024 * 1024); break } catch {}
  }
  // Not attached: Playwright would read an attachment itself; a screenshot the script left is found by its name.
  fs.writeFileSync(path.join(here, 'big-trace.zip'), '')
  fs.truncateSync(path.join(here, 'big-trace.zip'), 60 * 1024 * 1024)
  testInfo.attachments.push({ name: 'trace', path: path.join(here, 'big-trace.zip'), contentType: 'application/zip' })
})`
    // Warm up first, so that what is loaded once (modules, Chromium's first start) does not count.
    if (results.length === 0) await run(`${TEST_HEADER}test('warm', async ({ page }) => { await page.goto(process.env.SHOP_URL) })`)
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 5)
    let r: RunResult
    try {
      r = await run(script, { BOMB_URL: `${bombUrl}/` })
    } finally {
      clearInterval(sampler)
    }
    peak = Math.max(peak, process.memoryUsage().rss)
    const growthMb = (peak - before) / MB
    console.log(`RSS before ${Math.round(before / MB)} MB, peak ${Math.round(peak / MB)} MB, growth ${growthMb.toFixed(1)} MB (the bomb unpacks to 512 MB)`)
    expect(r.status).toBe('passing')
    expect(growthMb).toBeLessThan(100)
    expect(r.jobLog.some((l) => /trace summary.*cut/i.test(l))).toBe(true)
    expect(leftOut(r, /huge.*(1024|500|200|100)\.0 MB, over the cap of 10 MB/)).toBe(true)
    expect(leftOut(r, /big-trace.*60\.0 MB, over the cap of 50 MB/)).toBe(true)
    for (const a of r.artifacts ?? []) expect((await stat(a.path)).size).toBeLessThanOrEqual(50 * MB)
    // The bomb itself is small and made inside the run: kept as a trace (the store redacts or refuses it later).
    expect(r.artifacts?.filter((a) => a.type === 'trace').length).toBeGreaterThanOrEqual(1)
  })

  it('still records the verdict of a failing test whose artifacts are refused', async () => {
    const script = `${TEST_HEADER}test('fails', async ({ page }, testInfo) => {
  await page.goto(process.env.SHOP_URL)
  testInfo.attachments.push({ name: 'secret', path: path.join(process.env.OUTSIDE, 'secret.txt'), contentType: 'image/png' })
  throw new Error('checkout broken')
})`
    const r = await run(script)
    expect(r.status).toBe('failing')
    expect(r.errorMessage).toMatch(/checkout broken/)
    await expectNoSecretIn(r)
    expect(leftOut(r, /'secret'/)).toBe(true)
    expect(r.artifacts?.some((a) => a.type === 'screenshot')).toBe(true)
  })

  it("hands out copies the service owns, outside every run folder, not writable by the run's user", async () => {
    const kept = results.flatMap((x) => x.artifacts ?? [])
    expect(kept.length).toBeGreaterThan(0)
    for (const a of kept) {
      expect(
        path
          .relative(workDir, a.path)
          .split(path.sep)
          .some((segment) => segment.startsWith('r-')),
      ).toBe(false)
      const st = await stat(a.path)
      expect(st.mode & 0o022).toBe(0)
      expect(st.uid).toBe(process.getuid?.())
    }
  })
})
