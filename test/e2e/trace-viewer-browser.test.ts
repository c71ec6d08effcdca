/**
 * A Playwright trace opened from the console, for real, on each database: a trace and a screenshot recorded with
 * playwright-core against a local web shop are stored as a browser result's files in the running service; the
 * owner opens the result page in headless Chromium, follows "Open trace", and Playwright's trace viewer, served by
 * Picket, lists the run's actions. The screenshot opens at full size as an image with its stored type and nosniff.
 * A member of another account gets a 404 for the file with their own account and a 401 naming the owner's, and the
 * viewer shows them nothing; the viewer loads no trace from another origin (its worker's CSP refuses the fetch),
 * and no page shows a script error or a CSP violation that the test did not ask for.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService, setUpOwner } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, runCli, stopStrayProcesses } from '../helpers/process.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { startWebShop, type WebShop } from '../helpers/targets/web-shop.js'
import { recordTrace, storeBrowserResult } from '../helpers/trace-kit.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'traces are data too' }
const OTHER = { name: 'Oscar Other', email: 'oscar@other.example.com', password: 'not my account' }
const SCREENSHOT_DIR = process.env.PICKET_SCREENSHOTS ?? '/tmp'

const pgServer = process.env.TEST_DATABASE_URL
const databases: ScratchDatabase[] = []
/** The embedded SQLite default, and PostgreSQL (a database of its own) when the tests have one. */
const stores = [
  { name: 'sqlite', url: async (): Promise<string | undefined> => undefined },
  ...(pgServer
    ? [
        {
          name: 'postgres',
          url: async () => {
            const db = await createScratchDatabase(pgServer, 'picket_traces')
            databases.push(db)
            return db.url
          },
        },
      ]
    : []),
]

/** A context's script errors and console errors (a CSP violation is one), but for the 401 and 404 answers asked for. */
function watch(context: BrowserContext): { problems: string[] } {
  const problems: string[] = []
  context.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[14]/.test(m.text())) problems.push(`${m.page()?.url() ?? ''}: ${m.text()}`)
  })
  context.on('weberror', (e) => problems.push(e.error().message))
  return { problems }
}

/** The problems left when those a test asked for are taken out. */
const unexpected = (problems: string[], asked: RegExp): string[] => problems.filter((p) => !asked.test(p))

async function popupOf(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), click()])
  await popup.waitForLoadState()
  return popup
}

/** The entries of the trace viewer's action list (an action's title, then what it acted on). */
const actionTitles = (viewer: Page) => viewer.getByRole('tree').getByRole('treeitem').allInnerTexts()

afterAll(async () => {
  stopStrayProcesses()
  for (const db of databases) await db.drop()
})

for (const storeKind of stores) {
  describe.skipIf(!HAS_CHROMIUM)(`Playwright traces in the console on ${storeKind.name}`, () => {
    let work: string
    let svc: ConsoleService
    let browser: Browser
    let shop: WebShop
    let owner: ViewerPage
    let checkId = ''
    let resultId = ''
    let ownerWatch: { problems: string[] }
    let storeEnv: Record<string, string> = {}
    const resultPath = () => `/checks/${checkId}/results/${resultId}`
    const assetPath = (name: string) => `/v1/check-results/${checkId}/${resultId}/assets/${name}`

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'picket-traces-'))
      const dataDir = path.join(work, 'data')
      const databaseUrl = await storeKind.url()
      storeEnv = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
      ;[browser, shop] = await Promise.all([launchViewer(), startWebShop()])
      const run = await recordTrace(browser, `${shop.url}/`, work)
      svc = await startConsoleService(storeEnv)
      const created = await apiCall(svc, 'POST', '/v1/checks/browser', {
        name: 'Shop journey',
        activated: false,
        script: "const { test } = require('@playwright/test')\ntest('shop', async () => {})",
      })
      expect(created.status).toBe(201)
      checkId = String(((await created.json()) as Json).id)
      resultId = await storeBrowserResult({ dataDir, databaseUrl }, svc.accountId, checkId, run)

      owner = await openViewer(browser)
      ownerWatch = watch(owner.page.context())
      const { page } = owner
      await setUpOwner(page, svc, OWNER)
    }, PROCESS_TEST_TIMEOUT_MS)
    afterAll(async () => {
      await owner?.close()
      await browser?.close()
      await shop?.close()
      await svc?.stop()
      if (work) await rm(work, { recursive: true, force: true })
    })

    it(
      "opens the result's trace in the trace viewer, which lists the run's actions",
      async () => {
        const { page } = owner
        await page.goto(`${svc.baseUrl}${resultPath()}`)
        const open = page.getByRole('link', { name: 'Open trace' })
        await open.waitFor()
        const href = (await open.getAttribute('href')) ?? ''
        expect(await open.getAttribute('target')).toBe('_blank')
        expect(href).toMatch(/^\/trace-viewer\/index\.html\?trace=/)
        const trace = new URL(href, svc.baseUrl).searchParams.get('trace') ?? ''
        expect(trace).toBe(`${assetPath('trace.zip')}?account=${svc.accountId}`)
        await page.getByRole('img', { name: 'Screenshot Home-Page.png' }).waitFor()
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `picket-trace-result-${storeKind.name}.png`), fullPage: true })
        expect(await axeViolations(page)).toEqual([])

        const viewer = await popupOf(page.context(), () => open.click())
        expect(new URL(viewer.url()).pathname).toBe('/trace-viewer/index.html')
        await expect
          .poll(() => actionTitles(viewer), { timeout: 60_000 })
          .toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^Navigate[^]*${new URL(shop.url).host}/`)), expect.stringMatching(/^Click[^]*Add to cart/)]))
        await viewer.screenshot({ path: path.join(SCREENSHOT_DIR, `picket-trace-viewer-${storeKind.name}.png`) })
        await viewer.close()
        expect(ownerWatch.problems).toEqual([])
      },
      PROCESS_TEST_TIMEOUT_MS,
    )

    it(
      'opens a screenshot at full size, as an image of its stored type with nosniff',
      async () => {
        const { page } = owner
        await page.goto(`${svc.baseUrl}${resultPath()}`)
        const shot = page.getByRole('link', { name: 'Screenshot Home-Page.png' })
        await shot.waitFor()
        const context = page.context()
        const answered = context.waitForEvent('response', (r) => r.url().includes('/assets/Home-Page.png?'))
        const image = await popupOf(context, () => shot.click())
        const response = await answered
        expect(response.status()).toBe(200)
        const headers = await response.allHeaders()
        expect(headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline; filename="Home-Page.png"' })
        expect(headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/)
        expect(new URL(image.url()).searchParams.get('disposition')).toBe('inline')
        const width = await image.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)
        expect(width).toBe(800)
        await image.screenshot({ path: path.join(SCREENSHOT_DIR, `picket-trace-screenshot-inline-${storeKind.name}.png`) })
        await image.close()
        expect(ownerWatch.problems).toEqual([])
      },
      PROCESS_TEST_TIMEOUT_MS,
    )

    it(
      "gives a member of another account a 404 for the file, a 401 naming the owner's account, and an empty viewer",
      async () => {
        const made = await runCli(['accounts', 'create', '--name', 'Other'], storeEnv)
        expect(made.code, made.stderr).toBe(0)
        const otherAccount = /account: (\S+)/.exec(made.stdout)?.[1] ?? ''
        const otherKey = /api key: (\S+)/.exec(made.stdout)?.[1] ?? ''
        const invite = await fetch(`${svc.baseUrl}/v1/accounts/me/invitations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${otherKey}`, 'x-service-account': otherAccount, 'content-type': 'application/json' },
          body: JSON.stringify({ email: OTHER.email, role: 'ADMIN' }),
        })
        const invited = (await invite.json()) as Json
        expect(invite.status, JSON.stringify(invited)).toBe(201)
        const other = await openViewer(browser)
        const otherWatch = watch(other.page.context())
        try {
          const { page } = other
          const link = new URL(String(invited.inviteUrl))
          await page.goto(`${svc.baseUrl}${link.pathname}${link.hash}`)
          await page.getByLabel('Your name').fill(OTHER.name)
          await page.getByLabel('Choose a password').fill(OTHER.password)
          await page.getByRole('button', { name: 'Accept invitation' }).click()
          await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
          const statuses = await page.evaluate(
            async ({ url, own, owners }) => ({
              own: (await fetch(url, { headers: { 'x-service-account': own } })).status,
              ownInQuery: (await fetch(`${url}?account=${own}`)).status,
              owners: (await fetch(`${url}?account=${owners}`)).status,
              none: (await fetch(url)).status,
            }),
            { url: assetPath('trace.zip'), own: otherAccount, owners: svc.accountId },
          )
          expect(statuses).toEqual({ own: 404, ownInQuery: 404, owners: 401, none: 401 })
          // The owner's "Open trace" link, followed by the other member: the viewer's worker asks the asset route,
          // which refuses this session, and the viewer shows nothing of the trace.
          const trace = `${assetPath('trace.zip')}?account=${svc.accountId}`
          const answered = page.context().waitForEvent('response', (r) => r.url().endsWith(trace))
          await page.goto(`${svc.baseUrl}/trace-viewer/index.html?trace=${encodeURIComponent(trace)}`)
          expect((await answered).status()).toBe(401)
          await page
            .getByRole('alert')
            .filter({ hasText: `Could not load trace from ${trace}` })
            .waitFor({ timeout: 30_000 })
          expect(await actionTitles(page)).toEqual([])
          expect(unexpected(otherWatch.problems, /HTTP error Unauthorized|status of 500/)).toEqual([])
        } finally {
          await other.close()
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    )

    it(
      'loads no trace from another origin, whatever ?trace= names',
      async () => {
        let hits = 0
        let foreign = ''
        const elsewhere = http.createServer((_req, res) => {
          hits++
          res.writeHead(200, { 'content-type': 'application/zip', 'access-control-allow-origin': '*' })
          res.end()
        })
        await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
        try {
          foreign = `http://localhost:${(elsewhere.address() as AddressInfo).port}/trace.zip`
          const page = await owner.page.context().newPage()
          await page.goto(`${svc.baseUrl}/trace-viewer/index.html?trace=${encodeURIComponent(foreign)}`)
          await page
            .getByRole('alert')
            .filter({ hasText: `Could not load trace from ${foreign}` })
            .waitFor({ timeout: 30_000 })
          expect(await actionTitles(page)).toEqual([])
          // The worker's CSP refused the fetch before it left the browser.
          expect(hits).toBe(0)
          await page.close()
        } finally {
          elsewhere.close()
        }
        // The worker's refused fetch (reported as a CSP violation naming the URL, then "Failed to fetch") and the
        // viewer's 500 for the load were asked for.
        expect(unexpected(ownerWatch.problems, /status of 500|Failed to fetch/).filter((p) => !p.includes(foreign))).toEqual([])
      },
      PROCESS_TEST_TIMEOUT_MS,
    )
  })
}
