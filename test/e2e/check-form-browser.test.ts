/**
 * The check form as a person fills it, in headless Chromium against the real service process (SQLite): the
 * offset's hint follows the chosen frequency in words; a bad offset or contradictory thresholds are explained
 * under their fields as they are typed, in the API's words; a rejected save explains each field under it while
 * the banner only counts them; the deprecated double check starts off; only the locations this installation
 * serves are offered; a webhook's type is a choice; a check tied to a status-page service keeps the tie (read back through the API, shown again
 * on edit). axe finds nothing serious or critical; at a phone's size nothing scrolls sideways. Screenshots go to
 * PICKET_SCREENSHOTS (default /tmp/shots/forms).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import type { Browser, Locator, Page } from 'playwright-core'
import { axeViolations } from '../helpers/axe.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'
import { apiCall, startConsoleService, type ConsoleService, setUpOwner } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const OWNER = { name: 'Farah Former', email: 'farah@example.com', password: 'forms that explain' }
const LAPTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const SHOTS = process.env.PICKET_SCREENSHOTS ?? '/tmp/shots/forms'
const RAW = /must NOT|must match pattern|>=|<=|floor\(|ceil\(/

const serious = (page: Page) => axeViolations(page).then((v) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
const field = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`).first()
const errorUnder = (page: Page, path: string) => field(page, path).locator('.field-error')
const hintUnder = (page: Page, path: string) => field(page, path).locator('.hint')

describe.skipIf(!HAS_CHROMIUM)('the check form explains its rules in words', () => {
  let svc: ConsoleService
  let browser: Browser
  let viewer: ViewerPage
  let serviceId = ''

  const create = async (route: string, body: unknown): Promise<Json> => {
    const res = await apiCall(svc, 'POST', route, body)
    const json = (await res.json()) as Json
    // Services are created with 200, as the reference declares; everything else with 201.
    expect(res.status, `POST ${route}: ${JSON.stringify(json)}`).toBe(route === '/v1/status-pages/services' ? 200 : 201)
    return json
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    ;[svc, browser] = await Promise.all([startConsoleService(), launchViewer()])
    viewer = await openViewer(browser)
    const { page } = viewer
    await setUpOwner(page, svc, OWNER)
    serviceId = String((await create('/v1/status-pages/services', { name: 'Shop API' })).id)
    await create('/v1/status-pages', { name: 'Shop status', url: 'shop-status', cards: [{ name: 'Shop', services: [serviceId] }] })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    await svc?.stop()
    stopStrayProcesses()
  })

  const openNewApiCheck = async (page: Page) => {
    await page.goto(`${svc.baseUrl}/checks/new/api`)
    await page.getByLabel('Frequency').waitFor()
    await page.locator('[data-field="locations"] input[type="checkbox"]').first().waitFor()
  }

  it('starts a new check without the deprecated double check, offering only the locations served here', async () => {
    const { page } = viewer
    await page.setViewportSize(LAPTOP)
    await openNewApiCheck(page)
    expect(await page.getByLabel('Double check').isChecked()).toBe(false)
    const locations = (await (await apiCall(svc, 'GET', '/v1/locations')).json()) as Array<{ region: string; name: string; served: boolean }>
    const served = locations.filter((l) => l.served)
    expect(served.length).toBeGreaterThan(0)
    expect(served.length).toBeLessThan(locations.length)
    const offered = await field(page, 'locations').locator('label.cf-choice').allTextContents()
    expect(offered.map((t) => t.trim())).toEqual(served.map((l) => `${l.name} (${l.region})`))
    expect(await hintUnder(page, 'locations').textContent()).toContain(`${locations.length - served.length} other data-center locations are not served here`)
  })

  it('says the offset range for the chosen frequency, and explains a bad offset and thresholds as they are typed', async () => {
    const { page } = viewer
    expect(await hintUnder(page, 'frequencyOffset').textContent()).toContain('from 1 to 100 when the check runs every 10 minutes')
    await page.getByLabel('Frequency').selectOption({ label: 'Every 5 minutes' })
    await expect.poll(() => hintUnder(page, 'frequencyOffset').textContent()).toContain('from 1 to 50 when the check runs every 5 minutes')
    await page.getByLabel('Frequency').selectOption({ label: 'Every 2 hours' })
    await expect.poll(() => hintUnder(page, 'frequencyOffset').textContent()).toContain('from 1 to 2 when the check runs every 2 hours')
    await page.getByLabel('Frequency').selectOption({ label: 'Every 5 minutes' })

    await page.getByLabel('Schedule offset').fill('51')
    expect(await errorUnder(page, 'frequencyOffset').textContent()).toBe('must be from 1 to 50 when the check runs every 5 minutes')
    await page.getByLabel('Degraded after (ms)').fill('5000')
    await page.getByLabel('Failed after (ms)').fill('1000')
    expect(await errorUnder(page, 'degradedResponseTime').textContent()).toMatch(/^must be below maxResponseTime \(1000 ms\)/)
    expect(await errorUnder(page, 'maxResponseTime').textContent()).toBe('must be above degradedResponseTime (5000 ms)')
  })

  it('a rejected save explains each field under it, and the banner only counts them', async () => {
    const { page } = viewer
    await page.getByLabel('URL').fill('https://shop.example.com/health')
    await page.getByRole('button', { name: 'Create check' }).click()
    const banner = page.locator('.banner-error').first()
    await banner.waitFor()
    // Empty name (the API's reason), the offset and both thresholds: four fields, each explained where it is.
    expect(await banner.textContent()).toMatch(/^4 fields need attention/)
    expect(await errorUnder(page, 'name').textContent()).toBe('must not be empty')
    expect(await errorUnder(page, 'frequencyOffset').textContent()).toBe('must be from 1 to 50 when the check runs every 5 minutes')
    const bannerText = (await banner.textContent()) ?? ''
    for (const reason of ['must not be empty', 'must be from 1 to 50', 'must be below', 'must be above', 'Invalid request body']) expect(bannerText).not.toContain(reason)
    for (const text of await page.locator('.field-error').allTextContents()) expect(text).not.toMatch(RAW)
    await page.screenshot({ path: `${SHOTS}/check-form-errors-laptop.png`, fullPage: true })
    expect(await serious(page)).toEqual([])
  })

  it('ties the check to a status-page service, read back through the API and shown again on edit', async () => {
    const { page } = viewer
    await page.getByLabel('Name').first().fill('Shop health')
    // The API's reason about a field goes once the field is changed; the others stay until they are fixed too.
    expect(await errorUnder(page, 'name').count()).toBe(0)
    expect(await errorUnder(page, 'frequencyOffset').count()).toBe(1)
    await page.getByLabel('Schedule offset').fill('50')
    await page.getByLabel('Failed after (ms)').fill('10000')
    await page.getByLabel('Status page service').selectOption({ label: 'Shop status: Shop API' })
    await page.getByLabel('Severity').selectOption({ label: 'Critical' })
    await page.getByLabel('Incident name').fill('Shop API is down')
    await page.screenshot({ path: `${SHOTS}/check-form-status-page-laptop.png`, fullPage: true })
    await page.getByRole('button', { name: 'Create check' }).click()
    await page.waitForURL(/\/checks\/[0-9a-f-]{36}$/)
    const checkId = /\/checks\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''
    const check = (await (await apiCall(svc, 'GET', `/v1/checks/${checkId}`)).json()) as Json
    expect(check).toMatchObject({
      name: 'Shop health',
      frequency: 5,
      frequencyOffset: 50,
      doubleCheck: false,
      degradedResponseTime: 5000,
      maxResponseTime: 10000,
      triggerIncident: { serviceId, severity: 'CRITICAL', name: 'Shop API is down', notifySubscribers: true },
    })

    await page.goto(`${svc.baseUrl}/checks/${checkId}/edit`)
    await page.getByLabel('Status page service').waitFor()
    await expect.poll(() => page.getByLabel('Status page service').inputValue()).toBe(serviceId)
    expect(await page.getByLabel('Incident name').inputValue()).toBe('Shop API is down')
    expect(await page.getByLabel('Severity').inputValue()).toBe('CRITICAL')
    expect(await serious(page)).toEqual([])
  })

  it("offers a webhook's type as a choice in the alert channel form", async () => {
    const { page } = viewer
    await page.goto(`${svc.baseUrl}/alerting/channels/new`)
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Webhook' })
    const webhookType = page.getByLabel('Webhook type')
    expect(await webhookType.evaluate((el) => el.tagName)).toBe('SELECT')
    expect(await webhookType.inputValue()).toBe('WEBHOOK')
    expect(await webhookType.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Plain webhook', 'Microsoft Teams']))
    expect(await serious(page)).toEqual([])
  })

  it('fits a phone without scrolling sideways', async () => {
    const { page } = viewer
    await page.setViewportSize(PHONE)
    await openNewApiCheck(page)
    await page.getByRole('button', { name: 'Create check' }).click()
    await page.locator('.banner-error').first().waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${SHOTS}/check-form-errors-phone.png`, fullPage: true })
    expect(await serious(page)).toEqual([])
    expect(viewer.problems.filter((p) => !/status of 400/.test(p))).toEqual([])
  })
})
