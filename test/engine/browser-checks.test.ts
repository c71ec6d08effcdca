/**
 * End to end: a browser check, a multi-step check and a Playwright suite created through the API run on
 * schedule (engine on a fake clock, real Chromium, real Playwright) against a local shop and its API; their
 * results, tests, traces and screenshots read back through the API; a failing browser run alerts and groups its
 * error like any check; and a secret typed into the page is redacted from the downloaded trace.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { artifactFiles } from '../../src/store/artifact-files.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startWebShop, type WebShop } from '../helpers/targets/web-shop.js'

type Json = Record<string, unknown>
const SECRET = 'shop-password-Zq81x'

describe.each(testDbs.filter(() => HAS_CHROMIUM))('browser, multi-step and Playwright checks on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let shop: WebShop
  let runner: BrowserRunner
  let work: string
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 12, 0, 0))

  beforeAll(async () => {
    shop = await startWebShop()
    work = await mkdtemp(path.join(os.tmpdir(), 'pbe-'))
    await chmod(work, 0o755)
    const artifacts = artifactFiles(path.join(work, 'artifacts'))
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, workDir: work, timeoutMs: 60_000 })
    t = await startTestApp(db, { clock, artifacts })
    e = startTestEngine(t.store, clock, { browser: runner, artifacts, onFinalResults: (rows) => t.services.afterFinalResults(rows) })
  })
  afterAll(async () => {
    await e?.engine.stop()
    await runner?.close()
    await t?.close()
    await shop?.close()
    await rm(work, { recursive: true, force: true })
  })

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json() as Json
  }
  const nextDue = async (id: string) =>
    Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)
  /** Moves the clock to the check's next scheduled run, runs it, and returns its final result as the API shows it. */
  async function runScheduled(id: string): Promise<Json> {
    clock.set(Math.max(clock.now(), await nextDue(id)))
    const before = e.finals.filter((r) => r.check_id === id).length
    await e.engine.runOnce()
    const finals = e.finals.filter((r) => r.check_id === id)
    expect(finals.length, 'one scheduled run finished').toBe(before + 1)
    return ok('GET', `/v1/check-results/${id}/${String(finals[finals.length - 1]?.id)}`)
  }

  it('runs a browser check on schedule, keeps its trace and screenshot, and alerts when it fails', async () => {
    await ok('POST', '/v1/variables', { key: 'SHOP_URL', value: shop.url })
    const script = `const { test, expect } = require('@playwright/test')
test('buy a pager', async ({ page }) => {
  await page.goto(process.env.SHOP_URL)
  await test.step('log in', async () => { await page.evaluate((p) => { window.typed = p }, process.env.SHOP_PASSWORD) })
  await test.step('add to cart', async () => {
    await page.click('#add')
    await expect(page.locator('#cart')).toHaveText('Cart: 1')
  })
  await page.screenshot({ path: 'cart.png' })
})`
    const check = await ok('POST', '/v1/checks/browser?autoAssignAlerts=false', {
      name: 'Shop checkout',
      frequency: 1,
      frequencyOffset: 1,
      doubleCheck: false,
      script,
      environmentVariables: [{ key: 'SHOP_PASSWORD', value: SECRET, secret: true }],
    })
    const id = String(check.id)
    const passed = await runScheduled(id)
    expect(passed).toMatchObject({ checkType: 'BROWSER', hasFailures: false, isDegraded: false })
    const browser = passed.browserCheckResult as Json
    expect(browser).toMatchObject({ runtimeVersion: '2026.04', tests: [expect.objectContaining({ title: 'buy a pager', status: 'passed' })] })
    expect(browser.playwrightTestTraces).toHaveLength(1)

    const manifest = await ok('GET', `/v1/check-results/${id}/${String(passed.id)}/assets`)
    const assets = manifest.assets as Array<{ type: string; name: string; url: string }>
    expect(assets.map((a) => a.type).sort()).toEqual(['report', 'screenshot', 'trace'])
    const download = async (type: string) => {
      const asset = assets.find((a) => a.type === type)
      const res = await t.call('GET', new URL(String(asset?.url)).pathname)
      expect(res.statusCode).toBe(200)
      return res.rawPayload
    }
    expect((await download('screenshot')).subarray(1, 4).toString()).toBe('PNG')
    const trace = unzipSync(new Uint8Array(await download('trace')))
    expect(Object.keys(trace).some((n) => n.endsWith('.trace'))).toBe(true)
    const text = Object.values(trace)
      .map((b) => Buffer.from(b).toString('latin1'))
      .join('\n')
    expect(text).toContain('*****')
    expect(text).not.toContain(SECRET)

    await ok('PUT', `/v1/checks/browser/${id}`, { script: script.replace("'Cart: 1'", "'Cart: 7', { timeout: 500 }") })
    const failed = await runScheduled(id)
    expect(failed).toMatchObject({ hasFailures: true, errorKind: 'ASSERTION' })
    expect(String(failed.error)).toMatch(/^Test "buy a pager" failed at step "add to cart" \(check\.spec\.ts:\d+:\d+\): Error: expect\(locator\)\.toHaveText/)
    const alerts = (await ok('GET', `/v1/check-alerts/${id}`)) as unknown as Array<{ alertType: string }>
    expect(alerts.map((a) => a.alertType)).toContain('ALERT_FAILURE')
    const groups = (await t.call('GET', `/v1/error-groups/checks/${id}`)).json() as Array<{ occurrences: number }>
    expect(groups).toHaveLength(1)
  })

  it('runs a multi-step check against the shop API', async () => {
    const check = await ok('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'Order API',
      frequency: 5,
      frequencyOffset: 1,
      doubleCheck: false,
      script: `import { test, expect } from '@playwright/test'
test('order', async ({ request }) => {
  const products = await test.step('list', async () => (await request.get(process.env.SHOP_URL + '/api/products')).json())
  await test.step('add', async () => {
    const res = await request.post(process.env.SHOP_URL + '/api/cart', { data: { product: products[1].id } })
    expect(await res.json()).toEqual({ id: 42, product: 2 })
  })
})`,
    })
    const result = await runScheduled(String(check.id))
    expect(result).toMatchObject({ checkType: 'MULTI_STEP', hasFailures: false })
    expect((result.multiStepCheckResult as Json).tests).toEqual([expect.objectContaining({ title: 'order', status: 'passed' })])

    // On demand too: a check session runs it now.
    const trigger = await ok('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.id] } })
    const sessionId = String((trigger.sessions as Array<{ checkSessionId: string }>)[0]?.checkSessionId)
    await e.engine.runOnce()
    expect(e.finals.find((r) => r.session_id === sessionId)).toMatchObject({ check_id: check.id, status: 'passing' })
  })

  it('runs a Playwright suite as one check whose result lists every test', async () => {
    const check = await ok('POST', '/v1/checks/playwright?autoAssignAlerts=false', {
      name: 'Shop suite',
      frequency: 10,
      frequencyOffset: 1,
      doubleCheck: false,
      files: [
        {
          path: 'playwright.config.ts',
          content: "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests', use: { baseURL: process.env.SHOP_URL } })\n",
        },
        {
          path: 'tests/home.spec.ts',
          content:
            "import { test, expect } from '@playwright/test'\ntest('heading', async ({ page }) => {\n  await page.goto('/')\n  await expect(page.locator('h1')).toBeVisible()\n})\n",
        },
        {
          path: 'tests/title.spec.ts',
          content:
            "import { test, expect } from '@playwright/test'\ntest('title', async ({ page }) => {\n  await page.goto('/')\n  await expect(page).toHaveTitle('Another Shop', { timeout: 500 })\n})\n",
        },
      ],
    })
    const result = await runScheduled(String(check.id))
    expect(result).toMatchObject({ checkType: 'PLAYWRIGHT', hasFailures: true })
    const suite = result.playwrightCheckResult as Json
    expect((suite.tests as Array<{ file: string; status: string }>).map((x) => [x.file, x.status]).sort()).toEqual([
      ['tests/home.spec.ts', 'passed'],
      ['tests/title.spec.ts', 'failed'],
    ])
    expect(suite.playwrightTraceFiles).toHaveLength(2)
  })

  it('puts a browser run stopped by shutdown back in the queue instead of recording a failure (runs last: it stops the engine)', async () => {
    const check = await ok('POST', '/v1/checks/browser?autoAssignAlerts=false', {
      name: 'Long run',
      frequency: 60,
      frequencyOffset: 1,
      doubleCheck: false,
      script: "const { test } = require('@playwright/test')\ntest('waits', async ({ page }) => { await page.goto(process.env.SHOP_URL); await page.waitForTimeout(30000) })",
    })
    const id = String(check.id)
    clock.set(Math.max(clock.now(), await nextDue(id)))
    const running = e.engine.runOnce()
    const jobOf = () => t.store.db.selectFrom('run_jobs').select(['status', 'attempt']).where('check_id', '=', id).execute()
    for (let i = 0; i < 100 && (await jobOf())[0]?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 1500)) // Chromium is up
    // Not cancelled, the run would end 30 s later as a passing result: none may be recorded.
    await e.engine.stop()
    await running
    expect(await jobOf()).toEqual([{ status: 'queued', attempt: 1 }])
    expect(e.finals.filter((r) => r.check_id === id)).toEqual([])
  })
})
