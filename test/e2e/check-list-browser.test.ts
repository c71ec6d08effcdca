/**
 * The lists of checks as a person reads them, in headless Chromium against the real service process (engine on,
 * SQLite): an API check asks a local target that fails on purpose for some runs; the home row shows its latest
 * runs in order as passed and failed slots and a sparkline of more than one point after a few runs; the groups
 * page and a group's page show their checks' state; at a phone's size nothing scrolls sideways and the failing row
 * stays two short lines; axe finds nothing serious or critical. Screenshots go to PICKET_SCREENSHOTS (default
 * /tmp/shots/lists).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'
import { apiCall, startConsoleService, type ConsoleService, setUpOwner } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const OWNER = { name: 'Lena Lister', email: 'lena@example.com', password: 'lists at a glance' }
const LAPTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
/** The outcomes of the flaky check's runs, oldest first, as the target is told to answer. */
const SEQUENCE = ['passed', 'passed', 'failed', 'passed', 'failed'] as const
/** A row of two short lines (badge, name and bar; then the figures) is well under this on a phone. */
const PHONE_ROW_MAX_PX = 140
const SHOTS = process.env.PICKET_SCREENSHOTS ?? '/tmp/shots/lists'

const serious = (page: Page) => axeViolations(page).then((v) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe.skipIf(!HAS_CHROMIUM)('the lists of checks show state and history at a glance', () => {
  let svc: ConsoleService
  let browser: Browser
  let viewer: ViewerPage
  /** The target answers 200, or 500 while failing is set. */
  let target: http.Server
  let targetUrl = ''
  let failing = false
  const ids = { flaky: '', steady: '', group: '' }

  const create = async (route: string, body: unknown): Promise<Json> => {
    const res = await apiCall(svc, 'POST', route, body)
    const json = (await res.json()) as Json
    expect(res.status, `POST ${route}: ${JSON.stringify(json)}`).toBe(201)
    return json
  }
  /** Runs a check now and waits for its result. */
  const runOnce = async (checkId: string) => {
    const triggered = (await (await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).json()) as Json
    const sessionId = String(triggered.sessions?.[0]?.checkSessionId ?? '')
    // The completion call waits up to 30 s for the run to finish; a slow run is asked after again.
    for (let i = 0; i < 4; i++) {
      const session = (await (await apiCall(svc, 'GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)).json()) as Json
      if (!/PROGRESS|STARTED/.test(String(session.status))) return
    }
    throw new Error(`the run of ${checkId} did not finish`)
  }
  const checkBody = (name: string, url: string) => ({
    name,
    activated: false,
    groupId: Number(ids.group),
    doubleCheck: false,
    request: { url, method: 'GET', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
  })

  beforeAll(
    async () => {
      mkdirSync(SHOTS, { recursive: true })
      target = http.createServer((_req, res) => {
        res.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' })
        res.end(failing ? 'down on purpose' : 'ok')
      })
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
      targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
      ;[svc, browser] = await Promise.all([startConsoleService(), launchViewer()])
      viewer = await openViewer(browser)
      const { page } = viewer
      await setUpOwner(page, svc, OWNER)

      ids.group = String((await create('/v1/check-groups', { name: 'Storefront', tags: ['shop'] })).id)
      ids.flaky = String((await create('/v1/checks/api', checkBody('Checkout API with a long name that wraps on a phone', `${targetUrl}/checkout`))).id)
      ids.steady = String((await create('/v1/checks/api', checkBody('Catalogue API', `${targetUrl}/catalogue`))).id)
      for (const outcome of SEQUENCE) {
        failing = outcome === 'failed'
        await runOnce(ids.flaky)
      }
      failing = false
      await runOnce(ids.steady)
    },
    PROCESS_TEST_TIMEOUT_MS + 8 * 90_000,
  )
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    await new Promise((resolve) => target?.close(resolve))
    await svc?.stop()
    stopStrayProcesses()
  })

  const flakyRow = (page: Page) => page.locator(`tr[data-check-id="${ids.flaky}"]`)

  it('the home row shows the runs in order and a sparkline of more than one point', async () => {
    const { page } = viewer
    await page.setViewportSize(LAPTOP)
    await page.goto(`${svc.baseUrl}/`)
    const row = flakyRow(page)
    await expect.poll(() => row.locator('.run-slot[data-outcome]').count(), { timeout: 20_000 }).toBe(SEQUENCE.length)
    expect(await row.locator('.run-slot[data-outcome]').evaluateAll((slots) => slots.map((s) => s.getAttribute('data-outcome')))).toEqual([...SEQUENCE])
    const bar = row.getByRole('img', { name: /Last 5 runs/ })
    expect(await bar.getAttribute('aria-label')).toBe('Last 5 runs: 3 passed, 2 failed; latest failed')
    // Each slot is titled with when, where and how the run went.
    expect(await row.locator('.run-slot[data-outcome="failed"]').first().getAttribute('title')).toMatch(/^Failed · .+ · \S+ · \d/)
    const spark = row.locator('svg.sparkline')
    expect(Number(await spark.getAttribute('data-points'))).toBeGreaterThan(1)
    expect(await spark.locator('polyline').count()).toBeGreaterThan(0)
    expect(await row.getAttribute('data-status')).toBe('failing')
    expect(await page.title()).toBe('Checks · Picket')
    await page.screenshot({ path: `${SHOTS}/home-laptop.png`, fullPage: true })
  })

  it('the type filter offers every type a check can be made of', async () => {
    const { page } = viewer
    const options = await page.getByLabel('Type').locator('option').allTextContents()
    expect(options).toEqual(expect.arrayContaining(['API', 'gRPC', 'SSL certificate', 'Traceroute', 'Agentic']))
  })

  it('the groups page and a group show their checks state', async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/groups`)
    const row = page.locator(`tr[data-group-id="${ids.group}"]`)
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/2 checks: 1\sfailing · 1\spassing/)
    expect(await row.locator('.badge').first().textContent()).toBe('Failing')
    expect(await page.title()).toBe('Groups · Picket')
    expect(await serious(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/groups-laptop.png`, fullPage: true })

    await page.goto(`${svc.baseUrl}/groups/${ids.group}`)
    const item = page.locator(`li[data-check-id="${ids.flaky}"]`)
    await expect.poll(() => item.locator('.run-slot[data-outcome]').count(), { timeout: 20_000 }).toBe(SEQUENCE.length)
    expect(await item.locator('.badge').first().textContent()).toBe('Failing')
    expect(await page.locator(`li[data-check-id="${ids.steady}"] .badge`).first().textContent()).toBe('Passing')
    await page.screenshot({ path: `${SHOTS}/group-laptop.png`, fullPage: true })
  })

  it('axe finds nothing serious or critical on the home page', async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/`)
    await flakyRow(page).locator('.run-slot[data-outcome]').first().waitFor()
    expect(await serious(page)).toEqual([])
  })

  it('on a phone the lists do not scroll sideways and the failing row stays short', async () => {
    const { page } = viewer
    await page.setViewportSize(PHONE)
    await page.goto(`${svc.baseUrl}/`)
    const row = flakyRow(page)
    await row.locator('.run-slot[data-outcome]').first().waitFor()
    await page.screenshot({ path: `${SHOTS}/home-phone.png`, fullPage: true })
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    const box = await row.boundingBox()
    expect(box?.height ?? Infinity).toBeLessThan(PHONE_ROW_MAX_PX)
    expect(box?.width ?? Infinity).toBeLessThanOrEqual(PHONE.width)
    expect(await serious(page)).toEqual([])

    await page.goto(`${svc.baseUrl}/groups`)
    await page.locator(`tr[data-group-id="${ids.group}"] .badge`).first().waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${SHOTS}/groups-phone.png`, fullPage: true })
    await page.goto(`${svc.baseUrl}/groups/${ids.group}`)
    await page.locator(`li[data-check-id="${ids.flaky}"] .run-slot[data-outcome]`).first().waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${SHOTS}/group-phone.png`, fullPage: true })
    expect(viewer.problems).toEqual([])
  })
})
