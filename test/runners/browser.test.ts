/**
 * The browser runner against a local web shop, with Debian's Chromium and the real Playwright Test runner:
 * passing, failing and throwing scripts, plain scripts, a script that never ends (killed with its whole process
 * tree), environment variables, dependencies, screenshots, multi-step scripts, suites and the degraded mark.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckType } from '../../src/domain/checks/enums.js'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM, liveChromiumProcesses } from '../helpers/chromium.js'
import { runDoc } from '../helpers/run-spec.js'
import { startHttpsTarget } from '../helpers/targets/https.js'
import { startWebShop, type WebShop } from '../helpers/targets/web-shop.js'

const TEST_HEADER = "const { test, expect } = require('@playwright/test')\n"

describe.skipIf(!HAS_CHROMIUM)('browser runner', () => {
  let shop: WebShop
  let runner: BrowserRunner
  // A suite starts Chromium once per file; on a busy machine two files can outlast the short limit above.
  let suiteRunner: BrowserRunner
  let workDir: string
  const results: RunResult[] = []

  beforeAll(async () => {
    shop = await startWebShop()
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pbt-'))
    await chmod(workDir, 0o755) // runs execute as nobody when the tests run as root
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 20_000, workDir })
    suiteRunner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 120_000, workDir })
  })
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await runner.close()
    await suiteRunner.close()
    await shop.close()
    await rm(workDir, { recursive: true, force: true })
  })

  async function run(checkType: CheckType, doc: Record<string, unknown>, variables: Record<string, string> = {}, withRunner = runner): Promise<RunResult> {
    const spec: CheckRunSpec = {
      checkId: 'check-1',
      checkName: 'Shop',
      checkType,
      doc: runDoc(checkType, { runtimeId: '2026.04', ...doc }),
      variables: { SHOP_URL: shop.url, ...variables },
      scripts: { setup: [], teardown: [] },
    }
    const result = await withRunner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    return result
  }

  it('passes a Playwright Test script with describe, hooks, steps, env vars, a dependency and a screenshot', async () => {
    const script = `${TEST_HEADER}const { productName } = require('./lib/names.js')
test.describe('shop', () => {
  test.beforeEach(async ({ page }) => { await page.goto(process.env.SHOP_URL) })
  test('adds to cart', async ({ page }) => {
    await test.step('see the heading', async () => { await expect(page.getByRole('heading')).toHaveText('Welcome to the shop') })
    await test.step('add one', async () => {
      await page.click('#add')
      await expect(page.locator('#cart')).toHaveText('Cart: 1')
    })
    console.log('greeting ' + process.env.GREETING + ' ' + productName)
    await page.screenshot({ path: 'cart.png' })
  })
  test('api from the browser test', async ({ request }) => {
    expect((await request.get(process.env.SHOP_URL + '/api/products')).status()).toBe(200)
  })
})`
    const r = await run('BROWSER', { script, dependencies: [{ path: 'lib/names.js', content: "exports.productName = 'Pager'" }] }, { GREETING: 'hello' })
    expect(r.errorMessage).toBeNull()
    expect(r.status).toBe('passing')
    expect(r.details.tests).toEqual([
      expect.objectContaining({ title: 'shop › adds to cart', status: 'passed' }),
      expect.objectContaining({ title: 'shop › api from the browser test', status: 'passed' }),
    ])
    expect(r.jobLog).toContain('greeting hello Pager')
    // The recorded time is the tests' own, as Playwright timed each one: not the sandbox's and Chromium's startup.
    const testTimes = (r.details.tests as Array<{ durationMs: number }>).reduce((sum, t) => sum + t.durationMs, 0)
    expect(Math.abs(r.responseTime - testTimes)).toBeLessThanOrEqual(1)
    expect(r.timingPhases.total).toBe(r.responseTime)
    expect(r.jobLog).toContain('[browser error] shop widget failed to load')
    // Both tests load the page (beforeEach): the widget's console.error and the 404 of its image, twice.
    const vitals = { TTFB: expect.any(Number), FCP: expect.any(Number), LCP: expect.any(Number), CLS: 0, TBT: expect.any(Number) }
    expect(r.details).toMatchObject({ runtimeVersion: '2026.04', pages: [{ url: `${shop.url}/`, webVitals: vitals }] })
    expect(r.details.webVitals).toEqual((r.details.pages as Array<{ webVitals: unknown }>)[0]?.webVitals)
    expect(r.details.consoleErrors).toBeGreaterThanOrEqual(4)
    expect(r.details.networkErrors).toBeGreaterThanOrEqual(2)
    expect(r.details.networkRequests).toBeGreaterThanOrEqual(2)
    expect((r.details.runtime as { playwrightVersion: string }).playwrightVersion).toMatch(/^1\.\d+\.\d+$/)
    const shot = r.artifacts?.find((a) => a.name === 'cart.png')
    expect(shot?.type).toBe('screenshot')
    expect((await readFile(shot?.path ?? '')).subarray(1, 4).toString()).toBe('PNG')
    expect(r.artifacts?.filter((a) => a.type === 'trace')).toHaveLength(2)
    expect(r.artifacts?.some((a) => a.type === 'report')).toBe(true)
  })

  it.each([
    {
      name: 'a failing expect names the test and the step',
      kind: 'ASSERTION',
      script: `${TEST_HEADER}test('checkout', async ({ page }) => {\n  await page.goto(process.env.SHOP_URL)\n  await test.step('check the title', async () => { await expect(page).toHaveTitle('Other Shop', { timeout: 500 }) })\n})`,
      message: /^Test "checkout" failed at step "check the title" \(check\.spec\.ts:\d+:\d+\): Error: expect\(page\)\.toHaveTitle/,
    },
    {
      name: 'a thrown error (ESM import syntax)',
      kind: 'SCRIPT',
      script:
        "import { test } from '@playwright/test'\ntest('boom', async ({ page }) => {\n  await page.goto(process.env.SHOP_URL)\n  throw new Error('payment provider down')\n})",
      message: /^Test "boom" failed \(check\.spec\.ts:4:9\): Error: payment provider down/,
    },
    {
      name: 'a script that does not load',
      kind: 'SCRIPT',
      script: `${TEST_HEADER}test('x', async () => { this is not javascript })`,
      message: /SyntaxError|Unexpected|Missing semicolon/,
    },
    {
      name: 'a plain playwright script that throws',
      kind: 'SCRIPT',
      script:
        "const { chromium } = require('playwright')\n;(async () => {\n  const browser = await chromium.launch()\n  const page = await browser.newPage()\n  await page.goto(process.env.SHOP_URL)\n  throw new Error('no price on ' + await page.title())\n})()",
      message: /^Script failed: no price on Picket Shop/,
    },
  ])('fails on $name', async ({ script, kind, message }) => {
    const r = await run('BROWSER', { script })
    expect(r.status).toBe('failing')
    expect(r.errorKind).toBe(kind)
    expect(r.errorMessage).toMatch(message)
  })

  it('keeps a screenshot on failure and the trace', async () => {
    const failing = results.find((r) => r.errorKind === 'ASSERTION')
    expect(failing?.artifacts?.map((a) => a.type).sort()).toEqual(['report', 'screenshot', 'trace'])
    const plain = results.find((r) => r.errorMessage?.startsWith('Script failed: no price'))
    expect(plain?.artifacts?.map((a) => a.type).sort()).toEqual(['screenshot', 'trace'])
  })

  it('runs a plain script that drives playwright itself', async () => {
    const r = await run('BROWSER', {
      script:
        "const { chromium } = require('playwright')\n;(async () => {\n  const browser = await chromium.launch()\n  const page = await browser.newPage()\n  await page.goto(process.env.SHOP_URL)\n  console.log('title: ' + await page.title())\n  await browser.close()\n})()",
    })
    expect(r.errorMessage).toBeNull()
    expect(r.status).toBe('passing')
    expect(r.jobLog).toContain('title: Picket Shop')
    expect(r.details.pages).toEqual([{ url: `${shop.url}/`, webVitals: expect.objectContaining({ FCP: expect.any(Number), LCP: expect.any(Number) }) }])
    expect(r.artifacts?.filter((a) => a.type === 'trace')).toHaveLength(1)
  })

  it('runs a plain ESM script that imports playwright-core with top-level await', async () => {
    const r = await run('BROWSER', {
      script:
        "import { chromium } from 'playwright-core'\nconst browser = await chromium.launch()\nconst page = await browser.newPage()\nawait page.goto(process.env.SHOP_URL)\nconsole.log('esm title: ' + await page.title())\nawait browser.close()\n",
    })
    expect(r.errorMessage).toBeNull()
    expect(r.jobLog).toContain('esm title: Picket Shop')
  })

  it('kills a script that never ends at the hard limit, with every Chromium process', async () => {
    const started = Date.now()
    const r = await run('BROWSER', {
      script:
        "const { chromium } = require('playwright')\n;(async () => {\n  const browser = await chromium.launch()\n  const page = await browser.newPage()\n  await page.goto(process.env.SHOP_URL)\n  setInterval(() => undefined, 1000)\n})()",
    })
    expect(r.errorKind).toBe('TIMEOUT')
    expect(r.errorMessage).toBe('The run exceeded its hard limit of 20s and was killed')
    expect(Date.now() - started).toBeGreaterThanOrEqual(20_000)
    expect(r.artifacts).toEqual([])
    expect(await liveChromiumProcesses(workDir)).toBe(0)
  }, 60_000)

  it('marks a run degraded through the helper, unless it failed', async () => {
    const script = `${TEST_HEADER}const { markCheckAsDegraded } = require('@checkly/playwright-helpers')
test('slow checkout', async ({ page }) => { await page.goto(process.env.SHOP_URL); markCheckAsDegraded('checkout took 9 s') })`
    const r = await run('BROWSER', { script })
    expect(r).toMatchObject({ status: 'degraded', isDegraded: true, hasFailures: false })
    expect(r.details.degradedReason).toBe('checkout took 9 s')
    const failed = await run('BROWSER', { script: script.replace("markCheckAsDegraded('checkout took 9 s')", "markCheckAsDegraded('slow'); throw new Error('and broken')") })
    expect(failed).toMatchObject({ status: 'failing', isDegraded: false })
  })

  it('runs multi-step scripts with the request fixture and refuses a browser', async () => {
    const script = `${TEST_HEADER}test('order flow', async ({ request }) => {
  const products = await test.step('list products', async () => (await request.get(process.env.SHOP_URL + '/api/products')).json())
  await test.step('add to cart', async () => {
    const res = await request.post(process.env.SHOP_URL + '/api/cart', { data: { product: products[0].id } })
    expect(res.status()).toBe(201)
    expect(await res.json()).toEqual({ id: 42, product: 1 })
  })
})`
    const ok = await run('MULTI_STEP', { script })
    expect(ok.status).toBe('passing')
    expect(shop.requests.filter((q) => q.path === '/api/cart')).toHaveLength(1)
    const browser = await run('MULTI_STEP', { script: `${TEST_HEADER}test('needs a page', async ({ page }) => { await page.goto(process.env.SHOP_URL) })` })
    expect(browser.errorMessage).toMatch(/Multi-step checks run without a browser/)
  })

  it('runs a Playwright suite of two files with its config, one failing', async () => {
    const r = await run(
      'PLAYWRIGHT',
      {
        files: [
          {
            path: 'playwright.config.ts',
            content: "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests', use: { baseURL: process.env.SHOP_URL } })\n",
          },
          {
            path: 'tests/home.spec.ts',
            content:
              "import { test, expect } from '@playwright/test'\ntest('home has a heading', async ({ page }) => {\n  await page.goto('/')\n  await expect(page.locator('h1')).toContainText('shop')\n})\n",
          },
          {
            path: 'tests/cart.spec.ts',
            content:
              "import { test, expect } from '@playwright/test'\ntest('cart starts at two', async ({ page }) => {\n  await page.goto('/')\n  await expect(page.locator('#cart')).toHaveText('Cart: 2', { timeout: 500 })\n})\n",
          },
        ],
        playwrightConfig: { use: { locale: 'de-DE' } },
      },
      {},
      suiteRunner,
    )
    expect(r.status).toBe('failing')
    expect(r.errorMessage).toMatch(/^Test "cart starts at two" failed \(tests\/[\w.-]+\.spec\.ts:\d+:\d+\): Error: expect\(locator\)\.toHaveText/)
    const tests = r.details.tests as Array<{ title: string; file: string; status: string }>
    expect(tests.map((t) => [t.file, t.title, t.status]).sort()).toEqual([
      ['tests/cart.spec.ts', 'cart starts at two', 'failed'],
      ['tests/home.spec.ts', 'home has a heading', 'passed'],
    ])
    expect(r.details.summary).toMatchObject({ passed: 1, failed: 1, total: 2 })
  })

  it('reads the certificate of sslCheckDomain with each run', async () => {
    const tls = await startHttpsTarget()
    try {
      const r = await run('MULTI_STEP', { script: `${TEST_HEADER}test('noop', async () => {})`, sslCheckDomain: new URL(tls.url).host })
      expect(r.status).toBe('passing')
      expect(r.details.sslCertificate).toMatchObject({ domain: '127.0.0.1', port: Number(new URL(tls.url).port), authorized: false })
      expect((r.details.sslCertificate as { daysRemaining: number }).daysRemaining).toBeGreaterThan(0)
    } finally {
      await tls.close()
    }
  })

  it('fails with how to install Chromium when it is missing', async () => {
    const missing = createBrowserRunner({ chromiumPath: '/nonexistent/chromium', workDir })
    const r = await missing.run(
      {
        checkId: 'c',
        checkName: 'n',
        checkType: 'BROWSER',
        doc: runDoc('BROWSER', { script: `${TEST_HEADER}test('x', async () => {})` }),
        variables: {},
        scripts: { setup: [], teardown: [] },
      },
      { location: 'x', now: () => Date.now() },
    )
    await missing.close()
    expect(r).toMatchObject({ status: 'failing', hasErrors: true, errorKind: 'CONFIG' })
    expect(r.errorMessage).toMatch(/apt-get install -y chromium.*CHROMIUM_PATH/)
  })
})
