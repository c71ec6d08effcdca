/**
 * The check page says when scheduled runs were skipped because the engine was behind, in headless Chromium against
 * the real service process (SQLite, or PostgreSQL when the tests have one): with 12 skipped runs in the last 24 h
 * (and one older, not counted) the overview shows "12 runs skipped in the last 24 h: the engine was behind"; a check
 * with none shows nothing; axe finds nothing serious.
 */
import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildStores } from '../../src/store/all-stores.js'
import { openStore } from '../../src/store/db.js'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'

const ADMIN = { email: 'ada@example.com', password: 'the engine was behind' }
const SHOTS = process.env.PICKET_SCREENSHOTS ? path.join(process.env.PICKET_SCREENSHOTS, 'check-page') : '/tmp/shots/check-page'
const STORE = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
const HOUR = 3_600_000

describe.skipIf(!HAS_CHROMIUM)(`skipped runs on the check page in Chromium (${STORE})`, () => {
  let svc: ConsoleService
  let browser: Browser
  let db: ScratchDatabase | undefined
  let viewer: ViewerPage
  const checks: Record<'busy' | 'quiet', string> = { busy: '', quiet: '' }

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'picket-skips-'))
    if (process.env.TEST_DATABASE_URL) db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'picket_skipped_runs')
    ;[svc, browser] = await Promise.all([
      startConsoleService({ DATA_DIR: dataDir, PICKET_ADMIN_EMAIL: ADMIN.email, PICKET_ADMIN_PASSWORD: ADMIN.password, ...(db ? { DATABASE_URL: db.url } : {}) }),
      launchViewer(),
    ])
    for (const name of ['busy', 'quiet'] as const) {
      const res = await apiCall(svc, 'POST', '/v1/checks/api', { name: `${name} API`, activated: false, locations: ['eu-west-1'], request: { url: 'http://127.0.0.1:9/' } })
      const body = (await res.json()) as { id: string }
      expect(res.status, JSON.stringify(body)).toBe(201)
      checks[name] = body.id
    }
    // The skips the expiry pass records (engine/stale-runs.ts), written through the same store.
    const store = await openStore(db ? { databaseUrl: db.url } : { sqliteFile: path.join(dataDir, 'picket.db') })
    const now = Date.now()
    await buildStores(store).runSkips.insertMany(
      [...Array.from({ length: 12 }, (_, i) => now - (i + 1) * HOUR), now - 30 * HOUR].map((at) => ({
        id: crypto.randomUUID(),
        account_id: svc.accountId,
        check_id: checks.busy,
        location: 'eu-west-1',
        private_location_id: null,
        scheduled_at: at,
        skipped_at: at + 10_000,
        created_at: at + 10_000,
      })),
    )
    await store.close()
    viewer = await openViewer(browser)
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/sign-in`)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
    await mkdir(SHOTS, { recursive: true })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    await svc?.stop()
    await db?.drop()
    stopStrayProcesses()
  })

  it('says how many runs were skipped in the last 24 hours, and why', async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/checks/${checks.busy}`)
    const notice = page.locator('.banner-warning', { hasText: 'skipped' })
    await notice.waitFor({ timeout: 30_000 })
    expect(await notice.innerText()).toContain('12 runs skipped in the last 24 h: the engine was behind.')
    await page.waitForFunction(() => document.querySelector('.loading') === null)
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious).toEqual([])
    await page.screenshot({ path: path.join(SHOTS, `skipped-runs-${STORE}.png`), fullPage: true })
    expect(viewer.problems).toEqual([])
  })

  it('says nothing for a check with no skipped runs', async () => {
    const { page } = viewer
    // The page has its answer (no skipped runs) once the read of them came back and nothing is loading.
    const answered = page.waitForResponse((r) => r.url().includes(`/v1/checks/${checks.quiet}/skipped-runs`) && r.status() === 200, { timeout: 30_000 })
    await page.goto(`${svc.baseUrl}/checks/${checks.quiet}`)
    expect(((await (await answered).json()) as { total: number }).total).toBe(0)
    await page.waitForFunction(() => document.querySelector('.loading') === null)
    expect(await page.locator('.banner-warning', { hasText: 'skipped' }).count()).toBe(0)
  })
})
