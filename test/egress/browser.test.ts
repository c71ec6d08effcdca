/**
 * The egress policy in browser runs, with Debian's Chromium: pages go through the run's egress proxy, which
 * resolves and checks every destination; "public" is simulated by allow-listing 127.0.0.1 (127.0.0.2 stays denied).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckType } from '../../src/domain/checks/enums.js'
import type { EgressPolicy } from '../../src/domain/egress.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { runDoc } from '../helpers/run-spec.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { startHttpsTarget } from '../helpers/targets/https.js'

const TEST_HEADER = "const { test, expect } = require('@playwright/test')\n"
const SETTING = 'this installation allows public addresses only (EGRESS_POLICY=public-only)'

describe.skipIf(!HAS_CHROMIUM)('egress policy: browser runs', () => {
  let web: Target
  let other: Target
  let workDir: string
  const runners: BrowserRunner[] = []
  const results: RunResult[] = []

  beforeAll(async () => {
    web = await startHttpTarget('127.0.0.1')
    other = await startHttpTarget('127.0.0.2')
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pbe-'))
    await chmod(workDir, 0o755) // runs execute as nobody when the tests run as root
  })
  afterAll(async () => {
    for (const r of results) await r.release?.()
    for (const r of runners) await r.close()
    await Promise.all([web.close(), other.close()])
    await rm(workDir, { recursive: true, force: true })
  })

  async function run(egress: EgressPolicy, checkType: CheckType, script: string, variables: Record<string, string>): Promise<RunResult> {
    const runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 60_000, workDir, egress })
    runners.push(runner)
    const spec: CheckRunSpec = {
      checkId: 'c1',
      checkName: 'egress',
      checkType,
      doc: runDoc(checkType, { runtimeId: '2026.04', script }),
      variables,
      scripts: { setup: [], teardown: [] },
    }
    const result = await runner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    return result
  }
  const visit = `${TEST_HEADER}test('visit', async ({ page }) => {\n  await page.goto(process.env.TARGET)\n  await expect(page.locator('body')).toContainText('picket')\n})\n`

  it('a page on a denied address fails the run with the egress error, and the target sees nothing', async () => {
    const before = web.hits
    const r = await run({ policy: 'public-only', allow: [] }, 'BROWSER', visit, { TARGET: `${web.url}/json` })
    expect(r.status).toBe('failing')
    expect(r.errorKind).toBe('CONFIG')
    expect(r.errorMessage).toBe(`Egress policy: 127.0.0.1 is a loopback address; ${SETTING}`)
    expect(web.hits).toBe(before)
  })

  it('an allow-listed address is reached through the proxy, and a redirect to a denied one is stopped there', async () => {
    const ok = await run({ policy: 'public-only', allow: ['127.0.0.1/32'] }, 'BROWSER', visit, { TARGET: `${web.url}/json` })
    expect(ok.errorMessage).toBeNull()
    expect(ok.status).toBe('passing')

    const before = other.hits
    const r = await run({ policy: 'public-only', allow: ['127.0.0.1/32'] }, 'BROWSER', visit, { TARGET: `${web.url}/redirect-to?url=${encodeURIComponent(`${other.url}/json`)}` })
    expect(r.errorKind).toBe('CONFIG')
    expect(r.errorMessage).toBe(`Egress policy: 127.0.0.2 is a loopback address; ${SETTING}`)
    expect(other.hits).toBe(before)
  })

  it('HTTPS goes through a checked CONNECT tunnel: allowed passes, denied fails before the target is reached', async () => {
    const tls = await startHttpsTarget()
    try {
      const secure = `${TEST_HEADER}test.use({ ignoreHTTPSErrors: true })\ntest('tls', async ({ page }) => {\n  await page.goto(process.env.TARGET)\n  await expect(page.locator('body')).toContainText('picket')\n})\n`
      const ok = await run({ policy: 'public-only', allow: ['127.0.0.1'] }, 'BROWSER', secure, { TARGET: `${tls.url}/json` })
      expect(ok.errorMessage).toBeNull()
      const before = tls.hits
      const r = await run({ policy: 'public-only', allow: [] }, 'BROWSER', secure, { TARGET: `${tls.url}/json` })
      expect(r.errorKind).toBe('CONFIG')
      expect(r.errorMessage).toBe(`Egress policy: 127.0.0.1 is a loopback address; ${SETTING}`)
      expect(tls.hits).toBe(before)
    } finally {
      await tls.close()
    }
  })

  it("a script's own proxy setting is ignored and its node-side requests are guarded too", async () => {
    const before = web.hits
    const ownProxy = `${TEST_HEADER}test.use({ proxy: { server: 'http://127.0.0.3:9' } })\n` + "test('own proxy', async ({ page }) => { await page.goto(process.env.TARGET) })\n"
    const r = await run({ policy: 'public-only', allow: [] }, 'BROWSER', ownProxy, { TARGET: `${web.url}/json` })
    expect(r.errorMessage).toBe(`Egress policy: 127.0.0.1 is a loopback address; ${SETTING}`)

    const api = `${TEST_HEADER}test('api', async ({ request }) => { const res = await request.get(process.env.TARGET); expect(res.ok()).toBe(true) })\n`
    const m = await run({ policy: 'public-only', allow: [] }, 'MULTI_STEP', api, { TARGET: `${web.url}/json` })
    expect(m.errorKind).toBe('CONFIG')
    expect(m.errorMessage).toContain(`Egress policy: 127.0.0.1 is a loopback address; ${SETTING}`)
    expect(web.hits).toBe(before)
  })
})
