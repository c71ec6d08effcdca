/**
 * A check's page as a person opens it, in headless Chromium against the real service process (engine on; SQLite,
 * or PostgreSQL when the tests have one): an API check of a local target that fails on purpose for some runs, is
 * slow (degraded) for one and passes for the others, run for real. The page opens on the bar of its last runs (in
 * order, each a link to its result), the response-time chart with its failure marks (zoom by dragging, and back),
 * the key figures over 24 hours, 7 days and 30 days; the Analytics tab names metrics in plain words; the title
 * names the check and the tab; axe finds nothing serious, and a phone's width does not scroll sideways. A browser
 * check's run records its test's own duration, and its screenshot enlarges in a dialog from the keyboard.
 */
import { mkdir } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const ADMIN = { email: 'ada@example.com', password: 'history at a glance' }
const SHOTS = process.env.PICKET_SCREENSHOTS ? path.join(process.env.PICKET_SCREENSHOTS, 'check-page') : '/tmp/shots/check-page'
const STORE = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
type Mode = 'ok' | 'fail' | 'slow'
/** The target's answer for each run, in order: failures between passes, and one slow (degraded) run. */
const SEQUENCE: Mode[] = ['ok', 'fail', 'ok', 'slow', 'fail', 'ok']
const OUTCOME: Record<Mode, string> = { ok: 'passed', fail: 'failed', slow: 'degraded' }

const outcomeOf = (r: Json) => (r.hasFailures || r.hasErrors ? 'failed' : r.isDegraded ? 'degraded' : 'passed')

describe.skipIf(!HAS_CHROMIUM)(`the check page in Chromium (${STORE})`, () => {
  let svc: ConsoleService
  let browser: Browser
  let db: ScratchDatabase | undefined
  let target: http.Server
  let mode: Mode = 'ok'
  let viewer: ViewerPage
  let checkId = ''
  /** The results as the API lists them, newest first. */
  let results: Json[] = []

  async function runOnce(): Promise<string> {
    const trigger = await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String(((await trigger.json()) as Json).sessions?.[0]?.checkSessionId)
    // The completion call waits (up to 30 s a call) for the run to end; a 408 says to ask again.
    for (let call = 0; call < 4; call++) {
      const res = await apiCall(svc, 'GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
      if (res.status === 200) return String(((await res.json()) as Json).status)
    }
    return 'still running after 2 minutes'
  }

  const overview = () => `${svc.baseUrl}/checks/${checkId}`
  const chartReady = (page: Page) => page.locator('figure.history-chart[data-state="ready"] .uplot').waitFor({ timeout: 30_000 })

  beforeAll(async () => {
    target = http.createServer((_req, res) => {
      const answer = () => {
        res.writeHead(mode === 'fail' ? 503 : 200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ mode }))
      }
      if (mode === 'slow') setTimeout(answer, 1500)
      else answer()
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`
    if (process.env.TEST_DATABASE_URL) db = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'picket_check_page')
    ;[svc, browser] = await Promise.all([
      startConsoleService({ PICKET_ADMIN_EMAIL: ADMIN.email, PICKET_ADMIN_PASSWORD: ADMIN.password, ...(db ? { DATABASE_URL: db.url } : {}) }),
      launchViewer(),
    ])
    const created = await apiCall(svc, 'POST', '/v1/checks/api', {
      name: 'Shop API',
      frequency: 1440,
      locations: ['eu-west-1'],
      request: { method: 'GET', url, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      degradedResponseTime: 1000,
      maxResponseTime: 5000,
    })
    const check = (await created.json()) as Json
    expect(created.status, JSON.stringify(check)).toBe(201)
    checkId = String(check.id)
    for (const m of SEQUENCE) {
      mode = m
      expect(await runOnce(), `the run answering ${m}`).toBe(m === 'fail' ? 'FAILED' : m === 'slow' ? 'DEGRADED' : 'PASSED')
    }
    mode = 'ok'
    results = (await (await apiCall(svc, 'GET', `/v1/check-results/${checkId}?limit=100`)).json()) as Json[]
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
    target?.close()
    await svc?.stop()
    await db?.drop()
    stopStrayProcesses()
  })

  it('opens on the bar of the last runs, oldest first, each slot a link to its result', async () => {
    const { page } = viewer
    await page.goto(overview())
    const bar = page.locator('ol.run-bar')
    await bar.waitFor()
    // The runs of this test, in the order they ran (a scheduled run may have come first: it passed, like the first).
    const oldestFirst = [...results].reverse()
    expect(oldestFirst.map(outcomeOf).slice(-SEQUENCE.length)).toEqual(SEQUENCE.map((m) => OUTCOME[m]))
    expect(await bar.getAttribute('data-outcomes')).toBe(oldestFirst.map(outcomeOf).join(','))
    const slots = bar.locator('a.run-slot')
    expect(await slots.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(oldestFirst.map((r) => `/checks/${checkId}/results/${String(r.id)}`))
    expect(await slots.evaluateAll((links) => links.map((a) => a.getAttribute('data-outcome')))).toEqual(oldestFirst.map(outcomeOf))
    const failedLabel = (await slots.nth(oldestFirst.findIndex((r) => outcomeOf(r) === 'failed')).getAttribute('aria-label')) ?? ''
    expect(failedLabel).toMatch(/^Failed · .+ · eu-west-1 · \d/)
    expect(await bar.getAttribute('aria-label')).toBe(`Last ${results.length} runs, oldest first: ${results.length - 3} passed, 1 degraded, 2 failed`)
    // A slot opens its result.
    await slots.nth(oldestFirst.findIndex((r) => outcomeOf(r) === 'failed')).click()
    await page.waitForURL(`**/checks/${checkId}/results/*`)
    expect(new URL(page.url()).pathname).toBe(`/checks/${checkId}/results/${String(oldestFirst.find((r) => outcomeOf(r) === 'failed')?.id)}`)
    // The result page reads the run's log, which an API result gives as an object of lines (none for a plain request).
    const detail = (await (await apiCall(svc, 'GET', new URL(page.url()).pathname.replace('/checks/', '/v1/check-results/').replace('/results/', '/'))).json()) as {
      apiCheckResult: { jobLog: unknown }
    }
    expect(detail.apiCheckResult.jobLog).toEqual({ lines: [] })
    await page.getByText('Nothing was logged.').waitFor()
  })

  it('draws the response-time chart with the failures marked, per location on demand, zoomed by dragging and back', async () => {
    const { page } = viewer
    await page.goto(overview())
    await chartReady(page)
    const chart = page.locator('figure.history-chart')
    expect(Number(await chart.getAttribute('data-failed-marks'))).toBeGreaterThanOrEqual(1)
    expect(await chart.locator('li[data-mark="failed"]').count()).toBe(Number(await chart.getAttribute('data-failed-marks')))
    expect(await chart.locator('figcaption').textContent()).toMatch(/^Response time history: p50, p95 over \d+ buckets; [1-9]\d* with failed runs/)
    expect(await page.getByLabel('Range').inputValue()).toBe('last24Hours')

    // The last hour, one line per location.
    await page.getByLabel('Range').selectOption('lastHour')
    await page.getByLabel('One line per location').check()
    await page.waitForFunction(() => document.querySelector('figure.history-chart figcaption')?.textContent?.includes('p95 · eu-west-1'))
    await chartReady(page)
    expect(Number(await chart.getAttribute('data-failed-marks'))).toBeGreaterThanOrEqual(1)
    expect(new URL(page.url()).searchParams.get('range')).toBe('lastHour')

    // Dragging across the plot zooms in; the reset button zooms back out and goes away.
    const over = page.locator('figure.history-chart .u-over')
    const box = await over.boundingBox()
    if (!box) throw new Error('the plot has no area')
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    const reset = page.getByRole('button', { name: 'Reset zoom' })
    await reset.waitFor()
    await reset.click()
    await reset.waitFor({ state: 'detached' })
  })

  it('shows availability and P95 over 24 hours, 7 days and 30 days side by side', async () => {
    const { page } = viewer
    await page.goto(overview())
    const table = page.locator('table.figures-table')
    await table.waitFor()
    await page.waitForFunction(() => ![...document.querySelectorAll('table.figures-table td.stat')].some((td) => td.textContent === '…'))
    expect(await table.locator('thead th').allTextContents()).toEqual(['24 hours', '7 days', '30 days'])
    expect(await table.locator('tbody th').allTextContents()).toEqual(['Availability', 'Response time P95'])
    const availability = (100 * (results.length - 2)) / results.length
    const shown = await table.locator('tbody tr').first().locator('td').allTextContents()
    expect(shown).toHaveLength(3)
    for (const cell of shown) expect(Number.parseFloat(cell)).toBeCloseTo(availability, 1)
    for (const cell of await table.locator('tbody tr').nth(1).locator('td').allTextContents()) expect(cell).toMatch(/\d+(\.\d+)? (ms|s)$/)
  })

  it('names the page after the check and the tab, and the Analytics metrics in plain words', async () => {
    const { page } = viewer
    await page.goto(overview())
    await page.locator('ol.run-bar').waitFor()
    await page.waitForFunction(() => document.title === 'Shop API · Overview · Picket')
    await page.goto(`${overview()}/analytics`)
    const metric = page.getByLabel('Metric')
    await metric.waitFor()
    await page.waitForFunction(() => document.title === 'Shop API · Analytics · Picket')
    // The metrics arrive with the check's analytics description, after the select itself is drawn.
    await metric.locator('optgroup').first().waitFor({ state: 'attached' })
    const groups = await metric.locator('optgroup').evaluateAll((els) => els.map((g) => g.getAttribute('label')))
    expect(groups.slice(0, 3)).toEqual(['Outcomes', 'Response time', 'Waiting to send'])
    expect(groups).toContain('DNS lookup')
    const options = await metric.locator('option').allTextContents()
    expect(options).toEqual(expect.arrayContaining(['Availability', 'Response time p95', 'Response time p50', 'DNS lookup p50', 'Time to first byte p99']))
    expect(options.some((o) => /_|responseTime/.test(o))).toBe(false)
    await metric.selectOption({ label: 'DNS lookup p95' })
    await page.getByText('API name: dns_p95').waitFor()
    await page.getByRole('heading', { level: 2, name: 'DNS lookup p95' }).waitFor()
  })

  it(
    'records a browser run as long as its test, and enlarges its screenshot in a dialog',
    async () => {
      const script = [
        "const { test } = require('@playwright/test')",
        "test('home', async ({ page }) => {",
        `  await page.goto('http://127.0.0.1:${(target.address() as AddressInfo).port}/health')`,
        "  await page.screenshot({ path: 'home.png' })",
        '})',
      ].join('\n')
      const created = await apiCall(svc, 'POST', '/v1/checks/browser', { name: 'Shop home', frequency: 1440, locations: ['eu-west-1'], script })
      const browserCheck = (await created.json()) as Json
      expect(created.status, JSON.stringify(browserCheck)).toBe(201)
      const trigger = await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [browserCheck.id] } })
      const sessionId = String(((await trigger.json()) as Json).sessions?.[0]?.checkSessionId)
      let status = ''
      for (let call = 0; call < 4 && status === ''; call++) {
        const res = await apiCall(svc, 'GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
        if (res.status === 200) status = String(((await res.json()) as Json).status)
      }
      expect(status).toBe('PASSED')
      const [run] = (await (await apiCall(svc, 'GET', `/v1/check-results/${String(browserCheck.id)}?limit=1`)).json()) as Json[]
      // The test's own duration as Playwright timed it, not the run with the sandbox's and Chromium's startup.
      const tests = (run?.browserCheckResult?.tests ?? []) as Array<{ durationMs: number }>
      expect(tests).toHaveLength(1)
      expect(Math.abs(Number(run?.responseTime) - (tests[0]?.durationMs ?? -1))).toBeLessThanOrEqual(1)

      const { page } = viewer
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${svc.baseUrl}/checks/${String(browserCheck.id)}/results/${String(run?.id)}`)
      const enlarge = page.getByRole('button', { name: 'Enlarge Screenshot home.png' })
      await enlarge.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Screenshot home.png' })
      await dialog.waitFor()
      expect(await dialog.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100)
      await page.screenshot({ path: path.join(SHOTS, `screenshot-dialog-${STORE}.png`) })
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it.each([
    { name: 'laptop', viewport: { width: 1280, height: 800 } },
    { name: 'phone', viewport: { width: 390, height: 844 } },
  ])('passes axe and fits a $name screen', async ({ name, viewport }) => {
    const { page } = viewer
    await page.setViewportSize(viewport)
    await page.goto(overview())
    await chartReady(page)
    await page.waitForFunction(() => document.querySelector('.loading') === null)
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: path.join(SHOTS, `check-page-${name}-${STORE}.png`), fullPage: true })
    expect(viewer.problems).toEqual([])
  })
})
